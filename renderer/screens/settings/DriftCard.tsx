// The admin's service diagnostics: each field of the service's answers the station had to coerce, leave out or refuse,
// counted since the station started, with a Copy button for support. Field paths and kinds only, never a value.
import { useState } from 'react';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useServiceDrift } from '../../queries/diagnostics.ts';
import { messageOf } from '../../queries/station.ts';
import { driftLine, driftText } from './drift-words.ts';

type Copied = 'idle' | 'copied' | 'select';

export function DriftCard() {
  const drift = useServiceDrift(true);
  const [copied, setCopied] = useState<Copied>('idle');
  const report = drift.data;
  const copy = async () => {
    if (!report) return;
    try {
      await navigator.clipboard.writeText(driftText(report));
      setCopied('copied');
    } catch {
      // No clipboard (a browser that refuses it): the text is shown selected for Ctrl+C.
      setCopied('select');
    }
  };

  return (
    <section className="card settings-card drift-card" aria-labelledby="drift-title">
      <h2 id="drift-title">Service drift</h2>
      <p className="muted settings-explain">
        Fields of the service’s answers that did not match their description. The station coerces harmless ones (a
        number sent as text), leaves out the rest and still shows the record; it refuses only an answer whose identity
        (an order’s id and number, a lot’s id) cannot be read. Counted since the station started; no values are kept.
      </p>
      {drift.isError ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(drift.error)}
        </p>
      ) : null}
      {drift.isPending && !drift.isError ? <p className="muted">Reading the counts…</p> : null}
      {report && report.entries.length === 0 ? (
        <p className="notice notice-good" role="status">
          Nothing read differently from its description since {new Date(report.since).toLocaleTimeString()}.
        </p>
      ) : null}
      {report && report.entries.length > 0 ? (
        <ul className="drift-list" aria-label="Fields read differently">
          {report.entries.map((entry) => (
            <li key={`${entry.operation} ${entry.path} ${entry.kind} ${entry.was}`} className={`drift-${entry.kind}`}>
              {driftLine(entry)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="settings-actions">
        <ActionButton onClick={() => void drift.refetch()} disabled={drift.isFetching}>
          {drift.isFetching ? 'Reading…' : 'Read the counts again'}
        </ActionButton>
        <ActionButton primary onClick={() => void copy()} disabled={!report}>
          Copy
        </ActionButton>
      </div>
      {copied === 'copied' ? (
        <p className="notice notice-good" role="status">
          Copied: paste it into the support request.
        </p>
      ) : null}
      {copied === 'select' && report ? (
        <textarea
          className="drift-copy"
          aria-label="Service drift as text"
          readOnly
          value={driftText(report)}
          ref={(element) => element?.select()}
        />
      ) : null}
    </section>
  );
}
