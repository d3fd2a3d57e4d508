// While mounted, the scan field's submissions come to the verification instead of opening orders.
import { type ScanHandler, useClaimScans } from '../../scan/scan-target-store.ts';

export function ClaimScans({ onScan, label }: { onScan: ScanHandler; label: string }) {
  useClaimScans(onScan, label);
  return null;
}
