// The admin's export of the station's audit log for a range of days, as CSV or JSON with the chain's hashes
// (audit:export; main refuses anyone but an admin, and this card shows only to one).
import { type FormEvent, useId, useState } from 'react';
import { downloadText } from '../../documents/download.ts';
import { exportAudit } from '../../queries/audit.ts';
import { messageOf } from '../../queries/station.ts';
import { auditFirstRange } from './report-range.ts';
import { reportWords } from './wording.ts';

/** `now`: the report screen's instant, on the service's clock (the training clock in training). */
export function AuditExport({ now }: { now: Date }) {
  const ids = useId();
  // The 30 days to the screen's now until a day is typed: the service's clock may be read after the card shows.
  const [typed, setTyped] = useState<{ from?: string; to?: string }>({});
  const { from, to } = { ...auditFirstRange(now), ...typed };
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [said, setSaid] = useState<{ tone: 'good' | 'bad'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await exportAudit({ from, to, format });
      downloadText(answer.filename, answer.content, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json');
      setSaid({ tone: 'good', text: reportWords.audit.saved(answer.filename, answer.records) });
    } catch (error) {
      setSaid({ tone: 'bad', text: reportWords.audit.notExported(messageOf(error)) });
    }
  }

  return (
    <section className="card report-audit" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{reportWords.audit.title}</h2>
      <p className="muted">
        {reportWords.audit.explain}
        <code>{reportWords.audit.verifyCommand}</code>
        {reportWords.audit.explainEnd}
      </p>
      <form className="report-audit-form" onSubmit={(event) => void submit(event)} noValidate>
        <label>
          {reportWords.audit.from}{' '}
          <input type="date" value={from} onChange={(e) => setTyped({ ...typed, from: e.target.value })} required />
        </label>
        <label>
          {reportWords.audit.to}{' '}
          <input type="date" value={to} onChange={(e) => setTyped({ ...typed, to: e.target.value })} required />
        </label>
        <label>
          {reportWords.audit.format}{' '}
          <select value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'json')}>
            <option value="csv">{reportWords.audit.formats.csv}</option>
            <option value="json">{reportWords.audit.formats.json}</option>
          </select>
        </label>
        <button type="submit" className="button">
          {reportWords.audit.exportButton}
        </button>
      </form>
      {said ? (
        <p className={said.tone === 'bad' ? 'field-error' : 'notice'} role={said.tone === 'bad' ? 'alert' : 'status'}>
          {said.text}
        </p>
      ) : null}
    </section>
  );
}
