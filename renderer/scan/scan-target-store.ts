// Who receives the next scan: the open screen may claim scans (scan-to-verify counts products), else a scan opens what it names.
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { ScanEntry } from '../state/scan-store.ts';

/** `entry`: whether a scanner's burst or a person's typing entered the code (handlers may ignore it). */
export type ScanHandler = (code: string, entry: ScanEntry) => void;

interface ScanTargetState {
  /** The claiming screen's handler, or null: then the scan bar resolves the code itself. */
  handler: ScanHandler | null;
  /** Words for the scan field's label while claimed ("Scan a product for order 1000042"). */
  label: string | null;
}

export const useScanTargetStore = create<ScanTargetState>(() => ({ handler: null, label: null }));

/** While the calling component is mounted, scans go to `handler`; `label` tells the person what to scan. */
export function useClaimScans(handler: ScanHandler, label: string): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const claimed: ScanHandler = (code, entry) => latest.current(code, entry);
    useScanTargetStore.setState({ handler: claimed, label });
    return () => {
      if (useScanTargetStore.getState().handler === claimed)
        useScanTargetStore.setState({ handler: null, label: null });
    };
  }, [label]);
}
