// A finished verification and a hard stop as the audit log keeps them: the input checked again against the contract
// (a stop the scans say a pharmacist approved must have been kept as such; every sign-off confirmed), then one chained
// row each. Who and when come from the audit log's stamp (the session, main's clock), never from the input.
import { auditRecordInput, auditStopInput } from '../../contract/ipc/audit.ts';
import type { AuditPerson } from '../../contract/ipc/audit-shapes.ts';
import type { SignOff } from '../../contract/ipc/sign-off.ts';
import type { AuditRepository, Stamp } from './audit-repository.ts';
import { AuditError, refusal } from './audit-types.ts';
import type { StopRow, VerificationRow } from './schema.ts';
import { type RunReads, runReadsColumns } from './schema-run-reads.ts';

/** Keeps one finished verification; answers its row and how many scans and stops it had (for the log). */
export function keepVerification(
  store: AuditRepository,
  input: unknown,
  stamp: Stamp,
  signOffs: readonly SignOff[],
  runReads: RunReads | null,
): { row: VerificationRow; scans: number; stops: number } {
  const parsed = auditRecordInput.safeParse(input);
  if (!parsed.success) throw refusal('The verification', parsed.error);
  const verification = parsed.data;
  const approved = verification.scans.filter((scan) => scan.stop?.reason === 'pharmacist_approved').length;
  if (approved > store.approvedStops(stamp.service_id, verification.orderId)) {
    throw new AuditError(
      'invalid_input',
      'The verification was not recorded: a stop it says a pharmacist approved was not confirmed by one.',
    );
  }
  if ((verification.signOffs ?? []).length !== signOffs.length) {
    throw new AuditError('invalid_input', 'The verification was not recorded: its sign-offs were not confirmed.');
  }
  const row = store.insert({
    ...stamp,
    order_id: verification.orderId,
    order_number: verification.orderNumber,
    outcome: verification.outcome,
    lines: JSON.stringify(verification.lines),
    scans: JSON.stringify(verification.scans),
    task_ref: verification.taskRef,
    sign_offs: JSON.stringify(signOffs),
    ...runReadsColumns(runReads),
  });
  const stops = verification.scans.filter((scan) => scan.result === 'stopped').length;
  return { row, scans: verification.scans.length, stops };
}

/** Keeps one hard stop as it was let go, with the pharmacist who approved it when one did. */
export function keepStop(
  store: AuditRepository,
  input: unknown,
  stamp: Stamp,
  approvedBy: AuditPerson | null,
): StopRow {
  const parsed = auditStopInput.safeParse(input);
  if (!parsed.success) throw refusal('The hard stop', parsed.error);
  const stop = parsed.data;
  if (stop.confirmationId && !approvedBy) {
    throw new AuditError('invalid_input', 'The hard stop was not recorded: the pharmacist’s confirmation is missing.');
  }
  return store.insertStop({
    ...stamp,
    order_id: stop.orderId,
    order_number: stop.orderNumber,
    code: stop.code,
    entry: stop.entry,
    quantity: stop.quantity,
    matched_by: stop.matchedBy,
    product_id: stop.productId,
    lot_id: stop.lotId,
    lot: stop.lot,
    expiry: stop.expiry,
    kind: stop.kind,
    reason: stop.reason,
    note: stop.note,
    task_ref: stop.taskRef,
    approved_by_id: approvedBy?.id ?? null,
    approved_by_email: approvedBy?.email ?? null,
    approved_by_name: approvedBy?.name ?? null,
  });
}
