// The training service's webhook delivery log: each delivery's event, where to, where it stands, and every attempt.
import { useState } from 'react';
import type { DeliveryLogEntry } from '../../../contract/service/notifications.ts';
import { useCommands } from '../../commands/command-store.ts';
import { answerWords, attemptCount, attemptsOf, deliveryStage, stageWords } from '../../format/delivery-words.ts';
import { formatFullTime, formatWhen } from '../../format/when.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { SelectField } from '../../forms/Field.tsx';
import { type DeliveryFilter, useDeliveries } from '../../queries/notifications.ts';
import { messageOf } from '../../queries/station.ts';

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
        {entry.kind === 'sample' ? <span className="pill pill-plain">Sample</span> : null}
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
            · next try <When iso={entry.next_attempt_at} now={now} />
          </>
        ) : null}
      </span>
      {attempts.length > 0 ? (
        <details className="log-details">
          <summary>Attempts</summary>
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
  const deliveries = useDeliveries(status ? { status } : {}, { poll: POLL_MS });
  const readAgain = () => void deliveries.refetch();
  useCommands([
    {
      id: 'training.deliveries',
      title: 'Read the delivery log again',
      group: 'Training',
      shortcut: DELIVERIES_SHORTCUT,
      run: readAgain,
    },
  ]);
  const list = deliveries.data ?? [];

  return (
    <section className="card settings-card" aria-labelledby="training-deliveries-title">
      <div className="section-head">
        <h2 id="training-deliveries-title">Webhook deliveries</h2>
        <ActionButton shortcut={DELIVERIES_SHORTCUT} onClick={readAgain} className="button-small">
          Read again
        </ActionButton>
      </div>
      <SelectField
        label="Show"
        value={status}
        blank="Every delivery"
        choices={statusChoices}
        onChange={(value) => setStatus(value as NonNullable<DeliveryFilter['status']> | '')}
      />
      {deliveries.isPending ? <p className="muted">Reading the delivery log…</p> : null}
      {deliveries.isError && !deliveries.data ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(deliveries.error)}
        </p>
      ) : null}
      {deliveries.data && list.length === 0 ? (
        <p className="muted">No deliveries{status ? ' like that' : ''} yet. Step the simulation, or send a sample.</p>
      ) : null}
      {list.length > 0 ? (
        <ol className="log-list" aria-label="Webhook deliveries, newest first">
          {list.map((entry) => (
            <DeliveryRow key={entry.id} entry={entry} names={names} now={now} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
