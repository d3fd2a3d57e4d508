// The status history as a timeline, oldest first, the current status last and marked.
import type { ReactNode } from 'react';
import { formatDateTime } from '../../format/service-values.ts';
import { useStatusHistory } from '../../queries/order-detail.ts';
import { messageOf } from '../../queries/station.ts';
import { Panel, PanelNote } from './Panel.tsx';
import { timelineOf } from './timeline.ts';

export function TimelinePanel({ orderId }: { orderId: string }) {
  const history = useStatusHistory(orderId);
  let body: ReactNode;
  if (history.isPending) body = <PanelNote>Reading the status history…</PanelNote>;
  else if (!history.data)
    body = <PanelNote failed>The history could not be read: {messageOf(history.error)}</PanelNote>;
  else {
    const steps = timelineOf(history.data);
    body =
      steps.length === 0 ? (
        <PanelNote>The service has no status changes for this order yet.</PanelNote>
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
                {step.current ? <span className="sr-only"> (now)</span> : null}
              </span>
              <span className="order-step-when">
                {step.at ? <time dateTime={step.at}>{formatDateTime(step.at) ?? 'Unknown time'}</time> : 'Unknown time'}
                {step.by ? ` by ${step.by}` : null}
                {step.stayed ? (
                  <span className="muted">
                    {step.current ? ` · for ${step.stayed} so far` : ` · for ${step.stayed}`}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      );
  }
  return (
    <Panel id="order-timeline" title="Status history">
      {body}
    </Panel>
  );
}
