// The inspector's table exactly as main's CSV holds it: the header row, then one row per line dispensed.
import type { InspectorReport } from '../../../contract/ipc/inspector-report.ts';
import { inspectorWords } from './inspector-wording.ts';

export function InspectorTable({ answer }: { answer: InspectorReport }) {
  const [header = [], ...rows] = answer.table;
  return (
    // A region of its own so a keyboard reaches its scrolling (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keys
    <section className="report-inspector-scroll" tabIndex={0} aria-label={inspectorWords.scrollLabel(answer.title)}>
      <table className="report-inspector-table" aria-label={inspectorWords.tableLabel(answer.title)}>
        <thead>
          <tr>
            {header.map((title) => (
              <th key={title} scope="col" className="report-inspector-cell">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            // The table is main's answer as it stands: its rows never move, so their place is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: a row of a fixed answer
            <tr key={r}>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell of a fixed row
                <td key={c} className="report-inspector-cell">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
