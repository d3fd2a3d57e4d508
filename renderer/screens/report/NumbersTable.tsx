// A chart's text alternative: the same numbers as a table, always there for screen readers, on screen when asked for.
import { formatCount } from '../../format/record-values.ts';
import { reportWords } from './wording.ts';

export interface NumbersRow {
  key: string;
  label: string;
  count: number;
}

export function NumbersTable(props: {
  caption: string;
  labelHeading: string;
  rows: readonly NumbersRow[];
  visible: boolean;
}) {
  // A table ignores a 1px width: the hidden one sits in a clipped block so it cannot widen the page.
  return (
    <div className={props.visible ? undefined : 'sr-only'}>
      <table className="report-table">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.labelHeading}</th>
            <th scope="col" className="report-number">
              {reportWords.ordersColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className="report-number">{formatCount(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
