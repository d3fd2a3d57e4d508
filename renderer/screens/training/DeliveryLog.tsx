// The training service's webhook delivery log: each delivery's event, where to, where it stands, and every attempt.
import { useState } from 'react';
import type { DeliveryLogEntry } from '../../../contract/service/notifications.ts';
import { useTimedRefresh } from '../../attendance/attendance-store.ts';
import { answerWords, attemptCount, attemptsOf, deliveryStage, stageWords } from '../../format/delivery-words.ts';
import { formatFullTime, formatWhen } from '../../format/when.ts';
import { SelectField } from '../../forms/Field.tsx';
import { type DeliveryFilter, useDeliveries } from '../../queries/notifications.ts';
import { LogCard } from './LogCard.tsx';
import { trainingWords } from './wording.ts';

export const DELIVERIES_SHORTCUT = 'Alt+D';
const POLL_MS = 5000;

const stagePill = { delivered: 'pill-good', retrying: 'pill-warn', failed: 'pill-bad', waiting: 'pill-plain' } as const;

const statusChoices = [
  { value: 'pending', label: 'Still sending' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];

function When({ iso, now }: { iso: string | null | undefined; now: Date }) {
  if (!iso) return null;
  return (
    <time dateTime={iso} title={formatFullTime(iso)}>
      {formatWhen(iso, now)}
    </time>
  );
}

function DeliveryRow({
  entry,
  names,
  now,
}: {
  entry: DeliveryLogEntry;
  names: ReadonlyMap<string, string>;
  now: Date;
}) {
  const stage = deliveryStage(entry);
  const attempts = attemptsOf(entry);
  const code = entry.event_code ?? 'event';
  return (
    <li className="log-row">
      <div className="log-line">
        <span className={`pill ${stagePill[stage]}`}>{stageWords[stage]}</span>
        <strong>{names.get(code) ?? code}</strong>
        {entry.kind === 'sample' ? <span className="pill pill-plain">{trainingWords.deliveries.sample}</span> : null}
        <span className="log-when muted">
          <When iso={entry.created_at} now={now} />
        </span>
      </div>
      <code className="settings-url log-url">{entry.url}</code>
      <span>
        {answerWords(entry.last_status_code, entry.last_error)} · {attemptCount(entry.attempts)}
        {stage === 'retrying' && entry.next_attempt_at ? (
          <>
            {' '}
            {trainingWords.deliveries.nextTry}
            <When iso={entry.next_attempt_at} now={now} />
          </>
        ) : null}
      </span>
      {attempts.length > 0 ? (
        <details className="log-details">
          <summary>{trainingWords.deliveries.attempts}</summary>
          <ol className="log-attempts">
            {attempts.map((attempt) => (
              <li key={attempt.attempt}>
                <When iso={attempt.at} now={now} />: {answerWords(attempt.status_code, attempt.error)}
                {typeof attempt.ms === 'number' ? ` in ${attempt.ms} ms` : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

export function DeliveryLog({ names, now }: { names: ReadonlyMap<string, string>; now: Date }) {
  const [status, setStatus] = useState<NonNullable<DeliveryFilter['status']> | ''>('');
  const poll = useTimedRefresh(POLL_MS);
  return (
    <LogCard
      id="deliveries"
      title={trainingWords.deliveries.title}
      command={{ id: 'training.deliveries', title: trainingWords.deliveries.command, shortcut: DELIVERIES_SHORTCUT }}
      read={useDeliveries(status ? { status } : {}, { poll })}
      reading={trainingWords.deliveries.reading}
      empty={trainingWords.deliveries.empty(Boolean(status))}
      listLabel={trainingWords.deliveries.list}
      row={(entry) => <DeliveryRow key={entry.id} entry={entry} names={names} now={now} />}
    >
      <SelectField
        label={trainingWords.deliveries.filter}
        value={status}
        blank={trainingWords.deliveries.every}
        choices={statusChoices}
        onChange={(value) => setStatus(value as NonNullable<DeliveryFilter['status']> | '')}
      />
    </LogCard>
  );
}
