// The audit log's public shapes: who a record is made by, the log's options and operations, and its refusals.
import type { z } from 'zod';
import type { PharmacyDocumentRef } from '../../contract/documents.ts';
import type { AuditAdjustment, AuditEntry, AuditStop } from '../../contract/ipc/audit.ts';
import type { AuditExport, ReviewDecision } from '../../contract/ipc/audit-review.ts';
import type { AuditPerson, AuditRecordView } from '../../contract/ipc/audit-shapes.ts';
import type { PrintRecord } from '../../contract/ipc/print.ts';
import type { SignOff } from '../../contract/ipc/sign-off.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { LotAdjustmentFacts } from './adjustments.ts';
import type { ChainCheck } from './chain.ts';
import type { ChainKeying, Checkpoint } from './chain-state.ts';
import type { FollowedChain } from './checkpoint-check.ts';
import type { PrintFacts } from './prints.ts';
import type { FinalCheckFacts, FinalCheckRow } from './schema-final-checks.ts';
import type { InterruptionFacts, InterruptionRow } from './schema-interruptions.ts';
import type { RefusalFacts, RefusalRow } from './schema-refusals.ts';
import type { RunReads } from './schema-run-reads.ts';
import type { SettingChangeFacts, SettingChangeRow } from './schema-settings.ts';

/** The signed-in person as the session knows them; main passes it, the renderer never does. */
export interface AuditUser {
  id: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface AuditLogOptions {
  dataDir: string;
  /** The backend the entries belong to ('training' or the service's id): the list shows this backend's only. */
  serviceId: string;
  log: Logger;
  clock?: () => Date;
  /** The chain's id and key (openAuditLog reads them from the keychain); absent: the chain is not keyed. */
  chain?: ChainKeying;
  /** A chain that failed its own check at this start, kept aside (its file's name) with what was wrong. */
  brokenChainKept?: { file: string; problem: string; chainId?: string } | null;
}

/** What the station says on every screen about its record: keyed or not, a broken chain kept aside, the admin's ack. */
export type AuditStanding = AuditRecordView;

/** Codes of the contract's closed list (contract/ipc/error-codes.ts); main/station answers them as they are. */
export type AuditErrorCode = 'not_signed_in' | 'invalid_input' | 'closed';

/** A refusal with a message a person can read; `details` names the fields as `{ field, message }`. */
export class AuditError extends Error {
  override readonly name = 'AuditError';
  readonly code: AuditErrorCode;
  readonly details: { field: string; message: string }[] | undefined;

  constructor(code: AuditErrorCode, message: string, details?: { field: string; message: string }[]) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

export interface AuditLog {
  /**
   * Checks `input` (the contract's rules) and keeps it with the sign-offs main resolved (who from a pharmacist's
   * confirmation or the session, never from the input) and what main's run read and met (`runReads`: offline, the
   * order's patient and electronic prescriptions); answers the entry as stored.
   */
  record(input: unknown, user: AuditUser | null, signOffs?: readonly SignOff[], runReads?: RunReads | null): AuditEntry;
  list(query?: { orderId?: string | undefined; limit?: number | undefined }): AuditEntry[];
  /** Checks one dismissed (or reported) hard stop and keeps it at once; answers it as stored. */
  recordStop(input: unknown, user: AuditUser | null, approvedBy?: AuditPerson | null): AuditStop;
  /** Keeps a pharmacist's review decision on a prescription. */
  recordReview(input: unknown, user: AuditUser | null): ReviewDecision;
  reviews(query: { prescriptionId: string; limit?: number | undefined }): ReviewDecision[];
  /** Every record of this backend written on the days from..to (UTC), as CSV or JSON with its chain hashes. */
  exportRange(input: { from: string; to: string; format: 'csv' | 'json' }): AuditExport;
  /** Keeps one print or reprint main allowed (main/work/print decides; the copy number is counted here). */
  recordPrint(facts: PrintFacts, user: AuditUser): PrintRecord;
  prints(document: PharmacyDocumentRef, limit?: number): PrintRecord[];
  /** Walks the hash chain of the whole file. */
  checkChain(): ChainCheck;
  /** The newest signed checkpoint (null while the chain is not keyed). */
  latestCheckpoint(): Checkpoint | null;
  /**
   * Why a new checkpoint of this chain may not be sent (it fails its own check, is not keyed, or does not hold `sent`,
   * the checkpoint of it the pharmacy's stream already has), or null.
   */
  checkpointProblem(sent: Checkpoint | null): string | null;
  /** The chain this one replaced at a start because that one failed its own check, or null. */
  follows(): FollowedChain | null;
  /** Hears of each signed checkpoint once it is stored: the station sends a copy to the pharmacy's stream. */
  onCheckpoint(listener: (checkpoint: Checkpoint) => void): () => void;
  /** One order's hard stops, newest first, of the current backend only. */
  stops(query: { orderId: string; limit?: number | undefined }): AuditStop[];
  /** Keeps a lot adjustment the service confirmed (main calls this, never the renderer); answers it as stored. */
  recordAdjustment(facts: LotAdjustmentFacts, user: AuditUser | null): AuditAdjustment;
  /**
   * Keeps that an order changed under a run at this station (main learnt it from its own inbox); once per event key
   * and order: a second call with the same key answers the record already kept.
   */
  recordInterruption(facts: InterruptionFacts, user: AuditUser | null): InterruptionRow;
  interruptions(query: { orderId: string; limit?: number | undefined }): InterruptionRow[];
  /** Keeps a pharmacist's final check by scan (passed or a hard stop) with who made it (the session's pharmacist). */
  recordFinalCheck(facts: FinalCheckFacts, user: AuditUser): FinalCheckRow;
  /** One order's final checks at this station, newest first, of the current backend only. */
  finalChecks(query: { orderId: string; limit?: number | undefined }): FinalCheckRow[];
  /** Keeps a pharmacist's confirmation main refused (no password is ever in it); who was signed in, if anyone. */
  recordRefusal(facts: RefusalFacts, user: AuditUser | null): RefusalRow;
  /** The refusals about one order or document, newest first, of the current backend only. */
  refusals(query: { subject: string; limit?: number | undefined }): RefusalRow[];
  /** Keeps each changed setting with who changed it (null: signed out, the service choice) and its before and after. */
  recordSettingChanges(changes: readonly SettingChangeFacts[], user: AuditUser | null): SettingChangeRow[];
  /** The setting changes of this backend, newest first. */
  settingChanges(query?: { limit?: number | undefined }): SettingChangeRow[];
  /** One lot's adjustments, newest first, of the current backend only. */
  adjustments(query: { lotId: string; limit?: number | undefined }): AuditAdjustment[];
  /** HMAC-SHA-256 under the chain's key of `text` for `purpose` (drill results); null while the chain is not keyed. */
  seal(purpose: string, text: string): string | null;
  /** Whether this chain is keyed, and the broken chain kept aside at this start, if any. */
  standing(): AuditStanding;
  /** Keeps an admin's acknowledgement that this chain is not keyed, once per chain; refused while it is keyed. */
  acknowledgeUnkeyed(user: AuditUser): AuditStanding;
  close(): void;
}

/** The contract's refusal as an AuditError naming each field. */
export function refusal(what: string, error: z.ZodError): AuditError {
  const details = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
  }));
  const listed = details.slice(0, 5).map((d) => `${d.field}: ${d.message}`);
  return new AuditError('invalid_input', `${what} was not recorded: ${listed.join('; ')}`, details);
}
