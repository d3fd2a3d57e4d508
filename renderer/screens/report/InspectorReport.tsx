// The inspector's report card: a log and a range, shown as main answers it from the pharmacy's record, saved as the
// very CSV main wrote, and printed (the browser's print dialog also saves a PDF) from a print-only sheet of the same
// table. Admins and pharmacists only; main refuses anyone else.
import { type FormEvent, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import type { InspectorReport as Answer } from '../../../contract/ipc/inspector-report.ts';
// The print-only layer's rules (alone on paper, nothing on screen) are the documents' own.
import '../../documents/documents.css';
import { downloadText } from '../../documents/download.ts';
import { printInPage } from '../../documents/print-in-page.ts';
import { fetchInspectorReport } from '../../queries/inspector-report.ts';
import { messageOf } from '../../queries/station.ts';
import { InspectorTable } from './InspectorTable.tsx';
import { inspectorWords as words } from './inspector-wording.ts';
import { type Day, inspectorFirstRange } from './report-range.ts';

type Log = 'controlled' | 'daily';

/** `today`: the report screen's day, on the service's clock (the training clock in training). */
export function InspectorReport({ today }: { today: Day }) {
  const ids = useId();
  const [log, setLog] = useState<Log>('controlled');
  // Last month of the screen's today until a day is typed: the service's clock may be read after the card shows.
  const [typed, setTyped] = useState<{ from?: string; to?: string }>({});
  const range = { ...inspectorFirstRange(today), ...typed };
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ tone: 'good' | 'bad'; text: string } | null>(null);

  async function show(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setSaid(null);
    try {
      setAnswer(await fetchInspectorReport({ log, ...range }));
    } catch (error) {
      setSaid({ tone: 'bad', text: words.notShown(messageOf(error)) });
    } finally {
      setBusy(false);
    }
  }
  const saveCsv = () => {
    if (!answer) return;
    downloadText(answer.fileName, answer.csv);
    setSaid({ tone: 'good', text: words.saved(answer.fileName) });
  };

  const rows = answer ? answer.table.length - 1 : 0;
  const days = answer ? words.days(answer.from, answer.to, answer.timeZone) : '';
  return (
    <section className="card report-inspector" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{words.title}</h2>
      <p className="muted">{words.intro}</p>
      <form className="report-inspector-form" onSubmit={(event) => void show(event)} noValidate>
        <label>
          {words.log}{' '}
          <select value={log} onChange={(e) => setLog(e.target.value as Log)}>
            <option value="controlled">{words.logs.controlled}</option>
            <option value="daily">{words.logs.daily}</option>
          </select>
        </label>
        <label>
          {words.from}{' '}
          <input type="date" value={range.from} onChange={(e) => setTyped({ ...typed, from: e.target.value })} />
        </label>
        <label>
          {words.to} <input type="date" value={range.to} onChange={(e) => setTyped({ ...typed, to: e.target.value })} />
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          {words.show}
        </button>
        <button type="button" className="button" disabled={!answer} onClick={saveCsv}>
          {words.saveCsv}
        </button>
        <button type="button" className="button" disabled={!answer} onClick={printInPage}>
          {words.print}
        </button>
      </form>
      <p className="sr-only" role="status">
        {busy ? words.reading : ''}
      </p>
      {said ? (
        <p className={said.tone === 'bad' ? 'field-error' : 'notice'} role={said.tone === 'bad' ? 'alert' : 'status'}>
          {said.text}
        </p>
      ) : null}
      {answer?.record.state === 'unreachable' ? (
        <p className="notice notice-bad">{words.unreachable(answer.record.since ?? '')}</p>
      ) : null}
      {answer ? (
        <>
          <h3 className="report-inspector-title">
            {answer.title}: {days} · {words.rows(rows)}
          </h3>
          {rows === 0 ? <p className="muted">{words.none}</p> : <InspectorTable answer={answer} />}
          {createPortal(
            <div className="print-layer">
              <div className="inspector-sheet">
                <h1>{answer.title}</h1>
                <p>{days}</p>
                {rows === 0 ? <p>{words.none}</p> : <InspectorTable answer={answer} />}
              </div>
            </div>,
            document.body,
          )}
        </>
      ) : null}
    </section>
  );
}
