// Measured inside the page (Playwright sends these functions' source): when the station told the page it went
// offline or online, and how long an unknown scan took from Enter to its one-line answer under the scan field.

interface Recorder {
  changes: { online: boolean; at: number }[];
}

/** The page's window once the probes below ran in it: what they keep, for the spec to read back. */
export interface ProbedWindow {
  __connectivity: Recorder;
  __statusProbe: Promise<number>;
}

/** Records every connectivity.changed the page receives, with the wall clock (ms) it arrived at. */
export function recordConnectivity(): void {
  const w = window as unknown as {
    __connectivity?: Recorder;
    station: { on(e: string, f: (p: { online: boolean }) => void): void };
  };
  if (w.__connectivity) return;
  const recorder: Recorder = { changes: [] };
  w.__connectivity = recorder;
  w.station.on('connectivity.changed', (payload) => recorder.changes.push({ online: payload.online, at: Date.now() }));
}

/** Resolves with the ms from the next Enter in the scan field to the scan status saying `expected`. */
export function armStatusProbe(expected: string): void {
  const w = window as unknown as { __statusProbe?: Promise<number> };
  w.__statusProbe = new Promise<number>((resolve, reject) => {
    let enterAt: number | null = null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.target as HTMLElement | null)?.id === 'scan-field')
        enterAt ??= performance.now();
    };
    window.addEventListener('keydown', onKey, true);
    const shown = () => document.querySelector('.scan-status')?.textContent?.includes(expected) ?? false;
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the scan status never said "${expected}"`));
    }, 15_000);
    const observer = new MutationObserver(() => {
      if (enterAt === null || !shown()) return;
      const took = performance.now() - enterAt;
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey, true);
      resolve(took);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
