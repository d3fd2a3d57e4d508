// The last scan's banner, only while it belongs to the moment: gone once the person moves to another screen, and an
// answer the station gave alone while offline is gone once the service answers again.
import { useOffline } from '../queries/connectivity.ts';
import { useNavigationStore } from '../state/navigation-store.ts';
import { type ScanState, useScanStore } from '../state/scan-store.ts';

export function isBannerCurrent(
  scan: Pick<ScanState, 'shownOn' | 'offlineAnswer'>,
  navigationSequence: number,
  offline: boolean,
): boolean {
  if (scan.shownOn !== null && scan.shownOn !== navigationSequence) return false;
  return !(scan.offlineAnswer && !offline);
}

/** The last scan's code, outcome and message, or an idle scan when its banner no longer belongs on screen. */
export function useScanBanner(): Pick<ScanState, 'code' | 'outcome' | 'message' | 'sequence' | 'lastEntry'> {
  const scan = useScanStore();
  const navigationSequence = useNavigationStore((state) => state.sequence);
  const offline = useOffline();
  if (isBannerCurrent(scan, navigationSequence, offline)) return scan;
  return { code: null, outcome: 'idle', message: null, sequence: scan.sequence, lastEntry: scan.lastEntry };
}
