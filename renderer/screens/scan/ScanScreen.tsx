// The scan screen (home): why the last scan opened nothing, or what can be scanned here and the keys that matter.
import { useScanBanner } from '../../scan/scan-banner.ts';

const scannable: [string, string][] = [
  ['Order label, order number, order id or external id', 'opens the order'],
  ['Lot label (INVENTORY-…)', 'opens the lot in Inventory'],
  ['Staff badge (USER-…)', 'says whose it is; another person’s badge offers Switch user'],
];

const keys: [string, string][] = [
  ['Ctrl+K', 'every screen and action by name'],
  ['Alt+V', 'verify the open order'],
  ['Alt+ArrowLeft', 'back'],
  ['Ctrl+L', 'lock the station'],
];

export function ScanScreen() {
  const { code, outcome, message, sequence } = useScanBanner();
  return (
    <main className="scan-station" aria-label="Scan station">
      <section className="scan-result" aria-live="polite" key={sequence}>
        {code !== null && outcome === 'looking' ? <p className="muted">Looking up {code}…</p> : null}
        {code !== null && outcome === 'bad' ? (
          <div className="notice notice-bad scan-message" role="alert">
            {message}
          </div>
        ) : null}
      </section>
      <section className="card scan-ready" aria-labelledby="scan-ready-title">
        <h2 id="scan-ready-title">Ready for the next scan</h2>
        <dl className="scan-ready-list">
          {scannable.map(([what, does]) => (
            <div key={what} className="scan-ready-row">
              <dt>{what}</dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <h3>Keys</h3>
        <dl className="scan-ready-list">
          {keys.map(([key, does]) => (
            <div key={key} className="scan-ready-row">
              <dt>
                <kbd className="palette-shortcut">{key}</kbd>
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
      </section>
    </main>
  );
}
