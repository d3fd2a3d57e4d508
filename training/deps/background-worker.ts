// The shape of the service's work outside requests (webhook delivery, the simulation, text parsing): a leaf the
// domains import, so nothing imports the composition file back.

/** Work the service does outside requests (webhook delivery, the simulation): started on listen, stopped on close. */
export interface BackgroundWorker {
  start(): void;
  stop(): Promise<void>;
}
