// The scan screen (home): why the last scan opened nothing, or what can be scanned here and the keys that matter.
import { useScanBanner } from '../../scan/scan-banner.ts';
import { scanWords } from './wording.ts';

export function ScanScreen() {
  const { code, outcome, message, sequence } = useScanBanner();
  return (
    <main className="scan-station" aria-label={scanWords.screen}>
      <section className="scan-result" aria-live="polite" key={sequence}>
        {code !== null && outcome === 'looking' ? <p className="muted">{scanWords.looking(code)}</p> : null}
        {code !== null && outcome === 'bad' ? (
          <div className="notice notice-bad scan-message" role="alert">
            {message}
          </div>
        ) : null}
      </section>
      <section className="card scan-ready" aria-labelledby="scan-ready-title">
        <h2 id="scan-ready-title">{scanWords.ready}</h2>
        <dl className="scan-ready-list">
          {scanWords.scannable.map(([what, does]) => (
            <div key={what} className="scan-ready-row">
              <dt>{what}</dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <h3>{scanWords.keysTitle}</h3>
        <dl className="scan-ready-list">
          {scanWords.keys.map(([key, does]) => (
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
