// The trainer's view of each trainee's drills: the competency record main prepared (drills, dates, results, the
// trainer), printed through the document pipeline or exported as the CSV main wrote (spreadsheet-safe).
import { useState } from 'react';
import { downloadText } from '../../documents/download.ts';
import { PrintButton } from '../../documents/PrintDialog.tsx';
import { useCompetency } from '../../queries/drills.ts';
import { messageOf } from '../../queries/station.ts';
import { drillWords } from './wording.ts';

export function CompetencyRecords({ trainees }: { trainees: string[] }) {
  const [trainee, setTrainee] = useState(trainees[0] ?? null);
  const competency = useCompetency(trainee);
  const record = competency.data?.record;
  return (
    <section className="card settings-card" aria-labelledby="drills-competency-title">
      <h2 id="drills-competency-title">{drillWords.competencyTitle}</h2>
      <label className="drill-trainee">
        {drillWords.trainee}{' '}
        <select value={trainee ?? ''} onChange={(e) => setTrainee(e.target.value)}>
          {trainees.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      {competency.isError ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(competency.error)}
        </p>
      ) : null}
      {record ? (
        <>
          <p>{record.summary}</p>
          {record.drills.length > 0 ? (
            <table className="drill-competency" aria-label={drillWords.competencyOf(record.trainee)}>
              <thead>
                <tr>
                  <th>{drillWords.drill}</th>
                  <th>{drillWords.started}</th>
                  <th>{drillWords.result}</th>
                  <th>{drillWords.timeTaken}</th>
                </tr>
              </thead>
              <tbody>
                {record.drills.map((d) => (
                  <tr key={`${d.drill} ${d.started}`}>
                    <td>{d.drill}</td>
                    <td>{d.started}</td>
                    <td>
                      {d.outcome}
                      {d.result === '—' ? null : ` (${d.result})`}
                    </td>
                    <td>{d.time}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {record.drills.length > 0 ? (
            <div className="drill-actions">
              <PrintButton document={{ kind: 'competency_record', trainee: trainee ?? '' }}>
                {drillWords.printCompetency}
              </PrintButton>
              <button
                type="button"
                className="button"
                onClick={() =>
                  competency.data && downloadText(competency.data.csv.filename, competency.data.csv.content)
                }
              >
                {drillWords.exportCsv}
              </button>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
