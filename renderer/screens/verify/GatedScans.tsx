// While the verify screen shows a gate (past verification, the picker, a prescription held for review), the scan field
// still belongs to it: a product scanned there is not counted and does not leave the screen ("No order found for …"),
// and the screen says so with the code, until the gate is passed or the person goes back (Escape).
import { type ReactNode, useState } from 'react';
import { useClaimScans } from '../../scan/scan-target-store.ts';
import { verifyWords } from './wording.ts';

export function GatedScans({ orderName, children }: { orderName: string; children: ReactNode }) {
  const [scanned, setScanned] = useState<string | null>(null);
  useClaimScans((code) => setScanned(code), verifyWords.gatedScans.label(orderName));
  return (
    <>
      {scanned ? (
        <p className="notice notice-warn" role="status" aria-live="polite">
          {verifyWords.gatedScans.notCounted(scanned)}
        </p>
      ) : null}
      {children}
    </>
  );
}
