// The drills on offer: what the trainee is told and what is checked; a trainer sets one up for a demo account.
import { useState } from 'react';
import type { DrillSummary } from '../../../contract/ipc/drills.ts';
import { useStartDrill } from '../../queries/drills.ts';
import { messageOf } from '../../queries/station.ts';
import { drillWords } from './wording.ts';

export function DrillList(props: { drills: DrillSummary[]; trainees: string[]; mayStart: boolean }) {
  const start = useStartDrill();
  const [trainee, setTrainee] = useState(props.trainees[0]);
  return (
    <section className="card settings-card" aria-labelledby="drills-list-title">
      <h2 id="drills-list-title">{drillWords.listTitle}</h2>
      {props.mayStart ? (
        <label className="drill-trainee">
          {drillWords.startFor}{' '}
          <select value={trainee} onChange={(e) => setTrainee(e.target.value)}>
            {props.trainees.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="muted">{drillWords.trainerOnly}</p>
      )}
      {start.isError ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(start.error)}
        </p>
      ) : null}
      <ul className="drill-list">
        {props.drills.map((drill) => (
          <li key={drill.id} className="drill-item">
            <div className="drill-item-head">
              <strong>{drill.title}</strong>
              <span className="muted">
                {drillWords.role(drill.role)} · {drillWords.minutes(drill.minutes)}
              </span>
              {props.mayStart && trainee ? (
                <button
                  type="button"
                  className="button"
                  disabled={start.isPending}
                  onClick={() => start.mutate({ drillId: drill.id, trainee })}
                >
                  {start.isPending && start.variables?.drillId === drill.id ? drillWords.starting : drillWords.start}
                </button>
              ) : null}
            </div>
            <p>{drill.brief}</p>
            {drill.expects.length > 0 ? (
              <details>
                <summary>{drillWords.checks}</summary>
                <ul>
                  {drill.expects.map((words) => (
                    <li key={words}>{words}</li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
