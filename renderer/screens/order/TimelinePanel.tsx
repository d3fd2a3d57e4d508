// The status history as a timeline, oldest first, the current status last and marked.
import type { ReactNode } from 'react';
import { formatDateTime } from '../../format/service-values.ts';
import { useStatusHistory } from '../../queries/order-detail.ts';
import { messageOf } from '../../queries/station.ts';
import { Panel, PanelNote } from './Panel.tsx';
import { timelineOf } from './timeline.ts';
import { orderWords } from './wording.ts';

export function TimelinePanel({ orderId }: { orderId: string }) {
  const history = useStatusHistory(orderId);
  let body: ReactNode;
  if (history.isPending) body = <PanelNote>{orderWords.timeline.reading}</PanelNote>;
  else if (!history.data) body = <PanelNote failed>{orderWords.timeline.notRead(messageOf(history.error))}</PanelNote>;
  else {
    const steps = timelineOf(history.data);
    body =
      steps.length === 0 ? (
        <PanelNote>{orderWords.timeline.none}</PanelNote>
      ) : (
        <ol className="order-timeline">
          {steps.map((step) => (
            <li
              key={step.key}
              className={step.current ? 'order-step order-step-current' : 'order-step'}
              aria-current={step.current ? 'step' : undefined}
            >
              <span className="order-step-name">
                {step.name}
                {step.current ? <span className="sr-only">{orderWords.timeline.now}</span> : null}
              </span>
              <span className="order-step-when">
                {step.at ? (
                  <time dateTime={step.at}>{formatDateTime(step.at) ?? orderWords.timeline.unknownTime}</time>
                ) : (
                  orderWords.timeline.unknownTime
                )}
                {step.by ? orderWords.timeline.by(step.by) : null}
                {step.stayed ? (
                  <span className="muted">{orderWords.timeline.stayed(step.current, step.stayed)}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      );
  }
  return (
    <Panel id="order-timeline" title={orderWords.timeline.title}>
      {body}
    </Panel>
  );
}
