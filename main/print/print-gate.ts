// May this document print now: a prescription label only for a prescription of that order's own patient, once its
// line was counted complete in a verification at this station (else a pharmacist allows it, with a reason); a badge
// by its owner or an admin; every label with the pharmacy's name, address and phone set. The renderer shows the
// answer main gives here, before anyone tries.
import type { DocumentRef } from '../../contract/documents.ts';
import type { PrintCheck } from '../../contract/ipc/print.ts';
import { finalCheckRefusal } from '../../contract/rules/verification/final-check.ts';
import type { Settings } from '../settings/index.ts';
import { StationError } from '../station/errors.ts';
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

/** A label names the pharmacy that filled it: without its name, address and phone it does not print. */
export function missingPharmacy(settings: Settings): string | null {
  const missing = [
    settings.pharmacyName ? null : 'name',
    settings.pharmacyAddress ? null : 'address',
    settings.pharmacyPhone ? null : 'phone',
  ].filter(Boolean);
  if (missing.length === 0) return null;
  return `The pharmacy's ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: an admin sets them in Settings → Printing before labels print.`;
}

export async function decidePrint(
  document: DocumentRef,
  settings: Settings,
  parts: PrintParts,
): Promise<PrintDecision> {
  const { user } = signedInUser(parts);
  const history = parts.audit.prints(document, 1);
  const copies = history[0]?.copy ?? 0;
  const base = { copies, lastPrintedAt: history[0]?.recordedAt ?? null };
  if (document.kind === 'staff_badge' && document.userId !== user.id) {
    parts.require(
      'print_any_badge',
      'print another person’s staff badge (a badge is printed by its owner or an admin)',
    );
  }
  if (document.kind !== 'prescription_label') {
    return { check: { allowed: true, reason: null, ...base }, line: null };
  }
  const pharmacy = missingPharmacy(settings);
  if (pharmacy) return { check: { allowed: false, reason: pharmacy, ...base }, line: null };
  const line = await readLabelLine(document.orderId, document.prescriptionId, parts);
  const reason = line.verifiedBy
    ? finalCheckRefusal(settings.techCheckTechAllowed, line.verifiedBy, line.drug)
    : notVerifiedReason(line);
  return { check: { allowed: reason === null, reason, ...base }, line };
}
