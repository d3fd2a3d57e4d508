// Whether a line of an order is verified, answered from main's own run records (the audit log's verifications, each
// written by main/work/verify-runs from what it read and counted): the one function the print gate asks (issue 22).
import type { AuditEntry } from '../../../contract/ipc/audit.ts';
import type { AuditLog } from '../../audit/index.ts';

/** How many of an order's recorded verifications are looked through (newest first). */
const VERIFICATIONS_LOOKED_AT = 50;

/**
 * The newest recorded verification of the order that counted this product's line, when it counted it complete (and a
 * pharmacist confirmed the count of a controlled line); null when none did, or when a later one found it short.
 */
export function verifiedLine(audit: AuditLog, orderId: string, productId: string | null): AuditEntry | null {
  if (productId === null) return null;
  const entries = audit.list({ orderId, limit: VERIFICATIONS_LOOKED_AT });
  const latest = entries.find((entry) => entry.lines.some((line) => line.productId === productId));
  const line = latest?.lines.find((candidate) => candidate.productId === productId);
  if (!latest || !line || line.expected <= 0 || line.scanned !== line.expected) return null;
  const signed = latest.signOffs.some((s) => s.purpose === 'controlled_count' && s.productId === productId);
  return line.controlled === true && !signed ? null : latest;
}
