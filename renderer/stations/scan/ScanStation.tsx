// The scan station (home): what the last scan did (nothing yet, looking, or why it was refused).
import { useScanStore } from '../../state/scan.ts';

export function ScanStation() {
  const { code, outcome, message, sequence } = useScanStore();
  return (
    <main className="scan-station" aria-label="Scan station">
      <section className="scan-result" aria-live="polite" key={sequence}>
        {code === null || outcome === 'good' ? <p className="muted">Waiting for a scan.</p> : null}
        {code !== null && outcome === 'looking' ? <p className="muted">Looking up {code}…</p> : null}
        {code !== null && outcome === 'bad' ? (
          <div className="notice notice-bad scan-message" role="alert">
            {message}
          </div>
        ) : null}
      </section>
    </main>
  );
}
