// The audit log's refusals as the station's own: a channel that writes or reads the log answers its AuditError as a
// StationError, keeping its code, message and field details.
import { StationError } from '../platform/errors/station-errors.ts';
import { AuditError } from './audit-types.ts';

/** `error` as the station's own when the audit log refused; anything else as it is. */
function asStationError(error: unknown): unknown {
  return error instanceof AuditError ? new StationError(error.code, error.message, error.details) : error;
}

/** The audit log's refusals as the station's own, keeping their code, message and field details. */
export async function auditedAsync<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asStationError(error);
  }
}

/** The same for work that answers at once. */
export function audited<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw asStationError(error);
  }
}
