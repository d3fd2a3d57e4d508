// A trainee's competency record as main prepared it (training drills): the trainee, every drill set with its dates,
// result and time, and the trainer who prepared it, with lines to sign.
import type { CompetencyContent } from '../../contract/document-content.ts';

export function CompetencyRecordDocument({ content }: { content: CompetencyContent }) {
  return (
    <article className="doc doc-competency" aria-label="Competency record">
      <header className="doc-bin-head">
        <h1>Training competency record</h1>
        <p>
          Trainee: <strong>{content.trainee}</strong>
        </p>
        <p>
          Prepared by {content.trainer} on {content.prepared} · training service drills
        </p>
        <p>{content.summary}</p>
      </header>
      <table className="doc-slip-table doc-competency-table">
        <thead>
          <tr>
            <th>Drill</th>
            <th>For</th>
            <th>Set up by</th>
            <th>Started</th>
            <th>Finished</th>
            <th>Result</th>
            <th>Time taken</th>
          </tr>
        </thead>
        <tbody>
          {content.drills.map((d) => (
            <tr key={`${d.drill} ${d.started}`}>
              <td>{d.drill}</td>
              <td>{d.role}</td>
              <td>{d.setUpBy}</td>
              <td>{d.started}</td>
              <td>{d.finished}</td>
              <td>
                {d.outcome}
                <br />
                {d.result}
              </td>
              <td>{d.time}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="doc-competency-sign">
        <p>Trainer’s signature: ______________________________ Date: ____________</p>
        <p>Trainee’s signature: ______________________________ Date: ____________</p>
      </footer>
    </article>
  );
}
