// Who receives the next scan: the open screen may claim scans (scan-to-verify counts products), else a scan opens what it names.
import { useEffect, useRef } from 'react';
import { create } from 'zustand';

export type ScanHandler = (code: string) => void;

interface ScanTargetState {
  /** The claiming screen's handler, or null: then the scan bar resolves the code itself. */
  handler: ScanHandler | null;
  /** Words for the scan field's label while claimed ("Scan a product for order 1000042"). */
  label: string | null;
}

export const useScanTarget = create<ScanTargetState>(() => ({ handler: null, label: null }));

/** While the calling component is mounted, scans go to `handler`; `label` tells the person what to scan. */
export function useClaimScans(handler: ScanHandler, label: string): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const claimed: ScanHandler = (code) => latest.current(code);
    useScanTarget.setState({ handler: claimed, label });
    return () => {
      if (useScanTarget.getState().handler === claimed) useScanTarget.setState({ handler: null, label: null });
    };
  }, [label]);
}
