// What became of a sent sample: the service's answer, its delivery as the log tells it, and its arrival here.

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { answerWords, attemptCount, deliveryStage, stageWords } from '../../format/delivery-words.ts';
import { formatFullTime, formatWhen } from '../../format/when.ts';
import { useEventStream, useRecentEvents } from '../../queries/events.ts';
import { notificationKeys, type SampleSentView, useDeliveries } from '../../queries/notifications.ts';
import { arrivalOf, deliveryOf, type SentSample } from './sample-outcome.ts';
import { settingsWords } from './wording.ts';

/** How often the log is read while the delivery is still under way. */
const WATCH_MS = 1000;

const stagePill = { delivered: 'pill-good', retrying: 'pill-warn', failed: 'pill-bad', waiting: 'pill-plain' } as const;

function ArrivalLine({ sample, delivered }: { sample: SentSample; delivered: boolean | null }) {
  useEventStream();
  const events = useRecentEvents();
  const arrival = arrivalOf(sample, events.data, delivered);
  switch (arrival.kind) {
    case 'elsewhere':
      return null;
    case 'waiting':
      return <p className="muted">{settingsWords.sample.waitingArrival}</p>;
    case 'arrived':
      return (
        <p className="notice notice-good">
          {settingsWords.sample.reachedFeed}{' '}
          <time dateTime={arrival.event.receivedAt} title={formatFullTime(arrival.event.receivedAt)}>
            {formatWhen(arrival.event.receivedAt, new Date())}
          </time>
          {settingsWords.sample.pushed(arrival.event.source === 'webhook')}
        </p>
      );
    case 'already':
      return (
        <p className="notice notice-good">
          {settingsWords.sample.alreadyListed} {formatWhen(arrival.event.receivedAt, new Date())}
          {settingsWords.sample.shownOnce}
        </p>
      );
  }
}

export function SampleResult({ sent, training }: { sent: SampleSentView & SentSample; training: boolean }) {
  const watching = useDeliveries(sent.eventCode ? { eventCode: sent.eventCode } : {}, {
    enabled: training && sent.deliveryId !== null,
    // Until the delivery settles: a 2xx, or given up.
    poll: (entries) => {
      const found = deliveryOf(sent, entries);
      if (found && found.status !== 'pending') return false;
      // A retry waits tens of seconds at least: no need to ask every second meanwhile.
      return found && found.attempts > 0 ? WATCH_MS * 5 : WATCH_MS;
    },
  });
  const entry = deliveryOf(sent, watching.data);
  const stage = entry ? deliveryStage(entry) : null;
  const delivered = training && sent.deliveryId !== null ? stage === 'delivered' : null;
  const queryClient = useQueryClient();
  // The listener's counts changed with this delivery's answer: read them again.
  useEffect(() => {
    if (stage !== null && stage !== 'waiting') {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.stationWebhook });
    }
  }, [stage, queryClient]);

  return (
    <div className="sample-result" role="status" aria-live="polite">
      <p>{sent.message ?? settingsWords.sample.sent(sent.eventCode, sent.webhook_url)}</p>
      {entry && stage ? (
        <p className="sample-delivery">
          <span className={`pill ${stagePill[stage]}`}>{stageWords[stage]}</span>{' '}
          {answerWords(entry.last_status_code, entry.last_error)} · {attemptCount(entry.attempts)}
          {stage === 'retrying' && entry.next_attempt_at ? (
            <>
              {settingsWords.sample.nextTry}
              {formatWhen(entry.next_attempt_at, new Date())}
            </>
          ) : null}
        </p>
      ) : training && sent.deliveryId !== null ? (
        <p className="muted">{settingsWords.sample.waitingDelivery}</p>
      ) : null}
      <ArrivalLine sample={sent} delivered={delivered} />
    </div>
  );
}
