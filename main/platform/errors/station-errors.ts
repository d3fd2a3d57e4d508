// The station's own refusal: a code of the contract's closed list and a message a person can read, thrown by every room
// of main that refuses something. How every failure reaches the renderer is main/station/ipc-errors.ts.
import type { IpcErrorCode } from '../../../contract/ipc.ts';

/** A refusal of the station's own (not signed in, locked, a link not on the allowlist...). */
export class StationError extends Error {
  override readonly name = 'StationError';
  readonly code: IpcErrorCode;
  readonly details: unknown;

  constructor(code: IpcErrorCode, message: string, details?: unknown) {
    super(message);
    this.code = code;
    this.details = details;
  }
}
