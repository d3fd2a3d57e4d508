// What a verification run needs from the station, and nothing more: the station adapts its parts to this
// (own-channels.ts), so main/verify-runs depends on no station file but the errors it throws.
import type { AuditPerson } from '../../contract/ipc/audit-shapes.ts';
import type { ServiceCallInput } from '../../contract/ipc.ts';
import type { AuditLog, AuditUser } from '../audit/index.ts';
import type { VerifyRuns } from './runs-repository.ts';

/** What a pharmacist's confirmation is for: bound when it is given, checked when it is used (issue 22's agreement). */
export type ConfirmationPurpose =
  | { kind: 'clear_stop'; orderId: string }
  | { kind: 'controlled_count'; orderId: string }
  | { kind: 'print_override'; documentKey: string }
  | { kind: 're_verify'; orderId: string };

export interface RunParts {
  runs: VerifyRuns;
  audit: AuditLog;
  /** The signed-in person and role, as the session knows them. */
  signedIn(): { user: AuditUser & { id: string | null }; role: string | null };
  /** A service read; offline, what this station read earlier (asOf: when), else it throws. */
  read(operation: string, input: ServiceCallInput): Promise<{ value: unknown; asOf: number | null }>;
  /** The pharmacist of a confirmation given at this station for `purpose`, used up; a refusal otherwise. */
  takeConfirmation(confirmationId: string, purpose: ConfirmationPurpose): AuditPerson;
  /** Whether the station finds the service down now. */
  isOffline(): boolean;
  /** Main's clock (ms since epoch). */
  now(): number;
}
