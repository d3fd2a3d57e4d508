// What the verify screen tells the person while a run goes on, in one place: kept and resumed, recorded or not, stops
// let go, discrepancy tasks queued. (A scan's own verdict is worded in verdict.ts; a label's in renderer/scan.)

export const runWords = {
  resumed: (scans: number) => `Resumed this verification where it was (${scans} scans kept).`,
  notStarted: (reason: string) => `The verification could not start: ${reason}`,
  notRecorded: (reason: string) => `The verification was not recorded: ${reason} Press Alt+S to try again.`,
  stopNotKept: (reason: string) => `The stop was not written to the audit log: ${reason}`,
  taskNotQueued: (reason: string) => `The discrepancy task was not queued: ${reason}`,
  awaitingPharmacist: (counted: string) =>
    `${counted} Every line is counted: a pharmacist confirms the count of the controlled line before it is recorded.`,
  undone: 'Took back the last scan.',
  tryAgain: (why: string) => `${why} Try again.`,
  stopDismissed: (title: string) => `Stop dismissed (${title}). Carry on scanning.`,
  taskNotQueuedTryAgain: 'The discrepancy task was not queued. Try again.',
  queuedStopNotKept: (why: string) => `The task is queued. ${why} Press Alt+D to try again.`,
  taskQueuedCarryOn: 'Discrepancy task queued; it reaches the service by itself. Carry on scanning.',
  taskQueued: 'Discrepancy task queued; it reaches the service by itself.',
  confirmAgain: 'The verification was not recorded; the pharmacist confirms again.',
  again: 'A new verification of this order: scan each product.',
  finalCheckTitle: 'Pharmacist’s final check needed before the label.',
} as const;
