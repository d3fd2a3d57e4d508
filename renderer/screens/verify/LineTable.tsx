// The order's product lines with their counters (scanned / expected), grouped by kind; words and marks, never colour alone.
import { KIND_TITLES, type VerifyLine } from '../../../rules/verification/lines.ts';
import { ControlledBadge } from './VerifyHeader.tsx';
import { verifyWords } from './wording.ts';

const words = verifyWords.lines;

function LineState({ scanned, expected }: { scanned: number; expected: number }) {
  if (scanned >= expected) return <span className="verify-state verify-state-done">{words.complete}</span>;
  const left = expected - scanned;
  return <span className="verify-state">{words.toGo(left)}</span>;
}

export function LineTable({
  lines,
  counts,
  blind = new Set(),
  rxOf = () => [],
}: {
  lines: VerifyLine[];
  counts: ReadonlyMap<string, number>;
  /** Lines whose count a pharmacist is counting blind: their count is not shown. */
  blind?: ReadonlySet<string>;
  /** The Rx numbers of a line's prescription. */
  rxOf?: (line: VerifyLine) => string[];
}) {
  return (
    <table className="verify-lines">
      <caption className="verify-caption">{words.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{words.product}</th>
          <th scope="col">{words.kind}</th>
          <th scope="col">{words.codes}</th>
          <th scope="col" className="verify-num">
            {words.scannedExpected}
          </th>
          <th scope="col">{words.state}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const scanned = counts.get(line.productId) ?? 0;
          const done = scanned >= line.expected;
          return (
            <tr key={line.productId} className={done ? 'verify-line verify-line-done' : 'verify-line'}>
              <th scope="row" className="verify-product">
                {line.name ?? words.unnamed}
                {line.controlled ? (
                  <>
                    {' '}
                    <ControlledBadge schedule={line.schedule} />
                  </>
                ) : null}
                {rxOf(line).length > 0 ? <span className="verify-rx">{words.rx(rxOf(line).join(', '))}</span> : null}
              </th>
              <td>{KIND_TITLES[line.kind]}</td>
              <td>
                <span className="verify-codes">
                  {line.sku ? <code>{line.sku}</code> : null}
                  {line.productCode ? <code>{line.productCode}</code> : null}
                </span>
              </td>
              <td className="verify-num">
                {blind.has(line.productId) ? (
                  <span className="verify-count verify-blind">{verifyWords.blind}</span>
                ) : (
                  <>
                    <span className="verify-count">
                      <strong>{scanned}</strong> / {line.expected}
                    </span>
                    <progress
                      className="verify-progress"
                      max={Math.max(line.expected, 1)}
                      value={scanned}
                      aria-hidden="true"
                    />
                  </>
                )}
              </td>
              <td>
                {blind.has(line.productId) ? (
                  <span className="verify-state">{words.awaitingCount}</span>
                ) : (
                  <LineState scanned={scanned} expected={line.expected} />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
