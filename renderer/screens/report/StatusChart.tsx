// Orders by status as a bar chart (recharts), every status of the lifecycle in order, with its table of numbers.
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick, barColours, chartInk } from './chart-look.ts';
import { NumbersTable } from './NumbersTable.tsx';
import type { StatusRow } from './report-model.ts';
import { reportWords } from './wording.ts';

export function StatusChart(props: { rows: readonly StatusRow[]; showTable: boolean }) {
  const rows = [...props.rows];
  return (
    <figure className="card report-figure report-status" aria-labelledby="report-status-title">
      <figcaption>
        <h2 id="report-status-title">{reportWords.byStatus}</h2>
      </figcaption>
      <div className="report-chart" aria-hidden="true" data-chart="status">
        <BarChart
          responsive
          width="100%"
          height={230}
          data={rows}
          accessibilityLayer={false}
          margin={{ top: 24, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid vertical={false} stroke={chartInk.grid} />
          <XAxis dataKey="label" interval={0} tickLine={false} tick={axisTick} />
          <YAxis allowDecimals={false} width={44} tickLine={false} axisLine={false} tick={axisTick} />
          <Tooltip cursor={{ fill: chartInk.cursor }} isAnimationActive={false} />
          <Bar
            dataKey="count"
            name={reportWords.orders}
            fill={barColours.status}
            maxBarSize={64}
            isAnimationActive={false}
          >
            <LabelList dataKey="count" position="top" fill={chartInk.text} fontSize={13} />
          </Bar>
        </BarChart>
      </div>
      <NumbersTable
        caption={reportWords.byStatus}
        labelHeading="Status"
        rows={rows.map((row) => ({ key: row.status, label: row.label, count: row.count }))}
        visible={props.showTable}
      />
    </figure>
  );
}
