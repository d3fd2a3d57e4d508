// The typed way to reach window.station: unwrap its IpcResult into the value, or throw a StationCallError to show.
import type {
  IpcError,
  IpcErrorCode,
  IpcResult,
  StationApi,
  StationEventName,
  StationEventPayload,
} from '../../contract/ipc.ts';

declare global {
  interface Window {
    /** Injected before the app by the preload (Electron) or the bridge script (browser shell). */
    readonly station?: StationApi;
  }
}

/** A refusal from the station or the service, carrying its code and a message written for a person. */
export class StationCallError extends Error {
  override readonly name = 'StationCallError';
  /** A meaning from the contract's closed list; decide on this, never on `status`. */
  readonly code: IpcErrorCode;
  /** The service's HTTP status, for the details panel only. */
  readonly status: number | undefined;
  /** The service's `details` (which field, which existing record), for a form to place the message. */
  readonly details: unknown;

  constructor(error: IpcError) {
    super(error.message);
    this.code = error.code;
    this.status = error.status;
    this.details = error.details;
  }

  /** The service answered that the thing does not exist (as opposed to being unreachable or refusing). */
  get notFound(): boolean {
    return this.code === 'not_found';
  }

  /** The service (or the network to it) is down: nothing was decided about the thing asked for. */
  get offline(): boolean {
    return this.code === 'offline';
  }
}

export function station(): StationApi {
  const api = window.station;
  if (!api) {
    throw new StationCallError({
      code: 'bridge_missing',
      message: 'This page has no connection to the station. Open it from the station app or the address it printed.',
    });
  }
  return api;
}

/** Awaits a station call and answers its value, or throws its error as a StationCallError. */
export async function unwrap<T>(call: Promise<IpcResult<T>>): Promise<T> {
  const result = await call;
  if (result.ok) return result.value;
  throw new StationCallError(result.error);
}

/** The message to show for anything a query or mutation threw. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong in the station.';
}

/** Listens to one of main's events; answers the function that stops listening. */
export function onStationEvent<E extends StationEventName>(
  name: E,
  listener: (payload: StationEventPayload<E>) => void,
): () => void {
  return station().on(name, listener);
}
