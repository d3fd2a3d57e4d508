// The admin's service diagnostics: each field of the service's answers the station had to coerce, leave out or refuse,
// counted since the station started, with a Copy button for support. Field paths and kinds only, never a value.
import { useState } from 'react';
import { clockTime } from '../../format/when.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useServiceDrift } from '../../queries/diagnostics.ts';
import { messageOf } from '../../queries/station.ts';
import { driftLine, driftText } from './drift-words.ts';
import { settingsWords } from './wording.ts';

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
      <h2 id="drift-title">{settingsWords.drift.title}</h2>
      <p className="muted settings-explain">{settingsWords.drift.explain}</p>
      {drift.isError ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(drift.error)}
        </p>
      ) : null}
      {drift.isPending && !drift.isError ? <p className="muted">{settingsWords.drift.reading}</p> : null}
      {report && report.entries.length === 0 ? (
        <p className="notice notice-good" role="status">
          {settingsWords.drift.nothing(clockTime(report.since, { seconds: true }))}
        </p>
      ) : null}
      {report && report.entries.length > 0 ? (
        <ul className="drift-list" aria-label={settingsWords.drift.list}>
          {report.entries.map((entry) => (
            <li key={`${entry.operation} ${entry.path} ${entry.kind} ${entry.was}`} className={`drift-${entry.kind}`}>
              {driftLine(entry)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="settings-actions">
        <ActionButton onClick={() => void drift.refetch()} disabled={drift.isFetching}>
          {drift.isFetching ? settingsWords.drift.readingAgain : settingsWords.drift.readAgain}
        </ActionButton>
        <ActionButton primary onClick={() => void copy()} disabled={!report}>
          {settingsWords.drift.copy}
        </ActionButton>
      </div>
      {copied === 'copied' ? (
        <p className="notice notice-good" role="status">
          {settingsWords.drift.copied}
        </p>
      ) : null}
      {copied === 'select' && report ? (
        <textarea
          className="drift-copy"
          aria-label={settingsWords.drift.asText}
          readOnly
          value={driftText(report)}
          ref={(element) => element?.select()}
        />
      ) : null}
    </section>
  );
}
