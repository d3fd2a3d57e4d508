// The busiest products of one kind as a horizontal bar chart (recharts), with its table of the same numbers.
import { Bar, BarChart, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { barColours, chartInk, nameTick, shortName } from './chart-look.ts';
import { NumbersTable } from './NumbersTable.tsx';
import { CHART_PRODUCTS, type ProductGroup, topProducts } from './report-model.ts';
import { reportWords } from './wording.ts';

const ROW_HEIGHT = 30;

export function ProductChart(props: { group: ProductGroup; showTable: boolean }) {
  const { group } = props;
  const top = topProducts(group);
  const titleId = `report-products-${group.kind}`;
  const caption =
    group.rows.length > CHART_PRODUCTS
      ? reportWords.busiest(CHART_PRODUCTS, group.rows.length)
      : reportWords.productCount(group.rows.length);
  return (
    <figure className="card report-figure report-products" aria-labelledby={titleId}>
      <figcaption>
        <h2 id={titleId}>{group.title}</h2>
        <p className="muted report-caption">{group.rows.length === 0 ? reportWords.noneOrdered : caption}</p>
      </figcaption>
      {top.length > 0 ? (
        <div className="report-chart" aria-hidden="true" data-chart={group.kind}>
          <BarChart
            responsive
            layout="vertical"
            width="100%"
            height={top.length * ROW_HEIGHT + 8}
            data={top}
            accessibilityLayer={false}
            margin={{ top: 4, right: 40, bottom: 4, left: 0 }}
          >
            <XAxis type="number" hide allowDecimals={false} />
            <YAxis
              type="category"
              dataKey="name"
              width={224}
              interval={0}
              tickLine={false}
              tick={nameTick}
              tickFormatter={shortName}
            />
            <Tooltip cursor={{ fill: chartInk.cursor }} isAnimationActive={false} />
            <Bar
              dataKey="count"
              name={reportWords.orders}
              fill={barColours[group.kind]}
              barSize={18}
              isAnimationActive={false}
            >
              <LabelList dataKey="count" position="right" fill={chartInk.text} fontSize={13} />
            </Bar>
          </BarChart>
        </div>
      ) : null}
      {top.length > 0 ? (
        <NumbersTable
          caption={group.title}
          labelHeading="Product"
          rows={top.map((row) => ({ key: row.id, label: row.name, count: row.count }))}
          visible={props.showTable}
        />
      ) : null}
    </figure>
  );
}
