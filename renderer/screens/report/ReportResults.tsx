// One answered report: its range in words, the totals, orders by status and the busiest products of each kind.
import type { ReportAnswer } from '../../queries/report.ts';
import { ProductChart } from './ProductChart.tsx';
import { ReportTotals } from './ReportTotals.tsx';
import { isEmptyReport, type ReportView } from './report-model.ts';
import { describeAnsweredRange, describeRange } from './report-range.ts';
import { StatusChart } from './StatusChart.tsx';
import { reportWords } from './wording.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export function ReportResults(props: { answer: ReportAnswer; view: ReportView; showTables: boolean }) {
  const { answer, view } = props;
  const asked = describeRange(answer.request.start_date, answer.request.end_date);
  // The range the service says it counted, as it answered; the one asked for is named beside it.
  const range = view.dateRange ? describeAnsweredRange(view.dateRange) : asked;
  return (
    <section className="report-results" aria-labelledby="report-range-title">
      <header className="report-results-head">
        <h2 id="report-range-title">{range}</h2>
        <p className="muted">
          {reportWords.countedAt(timeFormat.format(answer.receivedAt))}
          {range !== asked ? reportWords.askedFor(asked) : null}
        </p>
      </header>
      {isEmptyReport(view) ? (
        <p className="card report-empty">{reportWords.noOrders}</p>
      ) : (
        <>
          <ReportTotals view={view} />
          {view.statuses ? <StatusChart rows={view.statuses} showTable={props.showTables} /> : null}
          {view.products ? (
            <div className="report-product-grid">
              {view.products.map((group) => (
                <ProductChart key={group.kind} group={group} showTable={props.showTables} />
              ))}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
