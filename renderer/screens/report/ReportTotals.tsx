// The report's totals in one line of figures: orders in the range, and how many products of each kind were ordered.
import { formatCount } from '../../format/record-values.ts';
import { type ReportView, statusSum } from './report-model.ts';
import { reportWords } from './wording.ts';

function Figure(props: { label: string; value: number; note?: string }) {
  return (
    <div className="report-total">
      <dt>{props.label}</dt>
      <dd>
        <span className="report-total-value">{formatCount(props.value)}</span>
        {props.note ? <span className="muted report-total-note">{props.note}</span> : null}
      </dd>
    </div>
  );
}

export function ReportTotals({ view }: { view: ReportView }) {
  const orders = view.totalOrders ?? (view.statuses ? statusSum(view.statuses) : null);
  return (
    <section className="card report-totals" aria-label={reportWords.totals}>
      <dl>
        {orders !== null ? (
          <Figure
            label={reportWords.orders}
            value={orders}
            {...(view.totalOrders === null ? { note: reportWords.summedByStatus } : {})}
          />
        ) : null}
        {view.products?.map((group) => (
          <Figure key={group.kind} label={group.title} value={group.rows.length} />
        ))}
      </dl>
    </section>
  );
}
