// May this document print now: a prescription label only for a prescription of that order's own patient, once its
// line was counted complete in a verification at this station (else a pharmacist allows it, with a reason), marked as
// awaiting the pharmacist's final check while that is the only step missing; a badge
// by its owner or an admin; every label and packing slip with the pharmacy's name, address and phone set. The renderer shows the
// answer main gives here, before anyone tries.
import { type DocumentRef, isDrillDocument } from '../../../contract/documents.ts';
import type { PrintCheck, PrintRecord } from '../../../contract/ipc/print.ts';
import { pharmacyMissingReason } from '../../../rules/documents/pharmacy-details.ts';
import { finalCheckRefusal } from '../../../rules/verification/final-check.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { Settings } from '../../service/settings/index.ts';
import { finalCheckPassed } from '../final-check/final-check.ts';
import { type LabelLine, notVerifiedReason, readLabelLine } from './label-line.ts';
import type { PrintParts } from './print-parts.ts';

export interface PrintDecision {
  check: PrintCheck;
  /** For a prescription label: its line as read (null when the pharmacy is not set, so nothing was read). */
  line: LabelLine | null;
}

export function signedInUser(parts: PrintParts) {
  const state = parts.signedIn();
  if (!state.user) throw new StationError('not_signed_in', 'Sign in first.');
  return { user: state.user, role: state.role };
}

/** Who a ticket belongs to: the signed-in person's id, else their email. */
export function personKey(parts: PrintParts): string {
  const { user } = signedInUser(parts);
  return user.id ?? user.email;
}

/** The copies of a document, newest first: the drills' documents' from the drills' records, the rest the audit log's. */
export async function printsOf(document: DocumentRef, parts: PrintParts, limit?: number): Promise<PrintRecord[]> {
  return isDrillDocument(document) ? parts.drillDocuments.prints(document, limit) : parts.audit.prints(document, limit);
}

export async function decidePrint(
  document: DocumentRef,
  settings: Settings,
  parts: PrintParts,
): Promise<PrintDecision> {
  const { user } = signedInUser(parts);
  const history = await printsOf(document, parts, 1);
  const copies = history[0]?.copy ?? 0;
  const base = { copies, lastPrintedAt: history[0]?.recordedAt ?? null, awaitingFinalCheck: null };
  if (document.kind === 'staff_badge' && document.userId !== user.id) {
    parts.require(
      'print_any_badge',
      'print another person’s staff badge (a badge is printed by its owner or an admin)',
    );
  }
  // A label and a slip name the pharmacy: without its details neither prints, and nothing but Settings fixes that.
  // A drill's practice sheet and competency record name no pharmacy.
  const pharmacy = isDrillDocument(document) ? null : pharmacyMissingReason(document.kind, settings);
  if (pharmacy) {
    return { check: { allowed: false, reason: pharmacy, blockedBy: 'pharmacy_missing', ...base }, line: null };
  }
  if (document.kind !== 'prescription_label') {
    return { check: { allowed: true, reason: null, blockedBy: null, ...base }, line: null };
  }
  const line = await readLabelLine(document.orderId, document.prescriptionId, parts);
  if (!line.verifiedBy) {
    return { check: { allowed: false, reason: notVerifiedReason(line), blockedBy: 'not_verified', ...base }, line };
  }
  const away = recordAwayReason(parts);
  if (away) return { check: { allowed: false, reason: away, blockedBy: 'record_unreachable', ...base }, line };
  // Verified, and only the pharmacist's final check missing: the label prints with its live barcode and the band
  // saying it awaits that check (the pharmacist scans it then). A passed final check by scan in the pharmacy's record
  // (any station's) makes it final.
  const awaiting = finalCheckPassed(parts.record, document.orderId, document.prescriptionId)
    ? null
    : finalCheckRefusal(parts.pharmacyRules().techCheckTechAllowed, line.verifiedBy, line.drug);
  return { check: { allowed: true, reason: null, blockedBy: null, ...base, awaitingFinalCheck: awaiting }, line };
}

/**
 * While the pharmacy's record cannot be reached, a hold or a verification given at another station meanwhile is not
 * seen here: a prescription label then needs a pharmacist's confirmation at this station (the override), whatever
 * else allows it. Null while the record is reachable (or is this station's own).
 */
export function recordAwayReason(parts: Pick<PrintParts, 'record'>): string | null {
  const status = parts.record.status();
  if (status.state !== 'unreachable') return null;
  return (
    `The pharmacy record cannot be reached (since ${status.since}): a hold or a verification at another station ` +
    'would not be seen here. A pharmacist confirms this label at the station before it prints.'
  );
}
