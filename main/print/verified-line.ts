// Whether this station's verification records counted a prescription's line of an order complete. The print gate asks
// this one function and never decides verification itself; the verification run in main (issue 22's other half)
// answers it from its own run records, replacing this reading of the audit log.
import type { AuditEntry } from '../../contract/ipc/audit.ts';
import type { AuditLog } from '../audit/index.ts';

/** How many of an order's recorded verifications are looked through (newest first). */
const VERIFICATIONS_LOOKED_AT = 50;

/** The newest recorded verification of the order that counted this product's line complete, or null. */
export function verifiedLine(audit: AuditLog, orderId: string, productId: string | null): AuditEntry | null {
  if (!productId) return null;
  const entries = audit.list({ orderId, limit: VERIFICATIONS_LOOKED_AT });
  return (
    entries.find((entry) =>
      entry.lines.some((line) => line.productId === productId && line.expected > 0 && line.scanned === line.expected),
    ) ?? null
  );
}
