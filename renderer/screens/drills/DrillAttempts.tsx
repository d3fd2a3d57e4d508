// The drills set up: each one's order and practice bin while in progress, "done" to have main score it, then the
// score check by check with main's reasons, the time taken and what the drill teaches.
import type { DrillAttempt } from '../../../contract/ipc/drills.ts';
import { PrintButton } from '../../documents/PrintDialog.tsx';
import { useDrillDone } from '../../queries/drills.ts';
import { messageOf } from '../../queries/station.ts';
import { useNavigationStore } from '../../state/navigation-store.ts';
import { drillWords } from './wording.ts';

function Score({ attempt }: { attempt: DrillAttempt }) {
  return (
    <>
      <p className={attempt.passed === attempt.total ? 'notice notice-good' : 'notice notice-warn'} role="status">
        {drillWords.score(attempt.passed ?? 0, attempt.total)}
        {attempt.secondsTaken === null ? null : ` · ${drillWords.took(attempt.secondsTaken, attempt.overTime)}`}
      </p>
      <ul className="drill-results">
        {(attempt.results ?? []).map((result) => (
          <li key={result.expected} className={result.passed ? 'drill-passed' : 'drill-missed'}>
            <strong>{result.passed ? drillWords.passed : drillWords.missed}:</strong> {result.expected}.{' '}
            <span>{result.reason}</span>
          </li>
        ))}
      </ul>
      <p className="muted">
        <strong>{drillWords.lesson}:</strong> {attempt.lesson}
      </p>
    </>
  );
}

function Attempt({ attempt }: { attempt: DrillAttempt }) {
  const done = useDrillDone();
  const navigate = useNavigationStore((state) => state.navigate);
  const scored = attempt.results !== null;
  return (
    <li className="drill-item" aria-label={attempt.title}>
      <div className="drill-item-head">
        <strong>{attempt.title}</strong>
        <span className="muted">
          {[attempt.trainee, drillWords.order(attempt.orderNumber), scored ? null : drillWords.inProgress]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {scored ? (
        <Score attempt={attempt} />
      ) : (
        <>
          <p>{attempt.brief}</p>
          <h3>{drillWords.bin}</h3>
          <ul className="drill-bin">
            {attempt.bin.map((item) => (
              <li key={item.code}>
                {item.count} × {item.name} <code>{item.code}</code>
              </li>
            ))}
          </ul>
          <div className="drill-actions">
            <button
              type="button"
              className="button"
              onClick={() => navigate({ screen: 'order', orderId: attempt.orderId })}
            >
              {drillWords.openOrder}
            </button>
            <PrintButton document={{ kind: 'practice_bin', attemptId: attempt.id }}>{drillWords.printBin}</PrintButton>
            <button
              type="button"
              className="button primary"
              disabled={done.isPending}
              onClick={() => done.mutate(attempt.id)}
            >
              {done.isPending ? drillWords.scoring : drillWords.done}
            </button>
          </div>
          {done.isError ? (
            <p className="notice notice-bad" role="alert">
              {messageOf(done.error)}
            </p>
          ) : null}
        </>
      )}
    </li>
  );
}

export function DrillAttempts({ attempts }: { attempts: DrillAttempt[] }) {
  return (
    <section className="card settings-card" aria-labelledby="drills-attempts-title">
      <h2 id="drills-attempts-title">{drillWords.attemptsTitle}</h2>
      {attempts.length === 0 ? <p className="muted">{drillWords.none}</p> : null}
      <ul className="drill-list">
        {attempts.map((attempt) => (
          <Attempt key={attempt.id} attempt={attempt} />
        ))}
      </ul>
    </section>
  );
}
