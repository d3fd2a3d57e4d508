// A training drill's practice bin sheet as main prepared it: the drill, the trainee, the order, and one row per item
// handed to the trainee with its count and its code as DataMatrix (as on labels), for a real scanner at a training desk.
import type { BinContent } from '../../contract/document-content.ts';
import { DataMatrix } from './DataMatrix.tsx';

export function PracticeBinSheet({ content }: { content: BinContent }) {
  return (
    <article className="doc doc-bin" aria-label="Practice bin sheet">
      <header className="doc-bin-head">
        <h1>Practice bin — training only</h1>
        <p>
          <strong>{content.drill}</strong>
        </p>
        <p>
          For {content.trainee} · order {content.orderNumber} · set up {content.setUp}
        </p>
        <p>
          Scan each item as you would at the bench. Not for dispensing: these codes exist only on the training service.
        </p>
      </header>
      <ol className="doc-bin-items" aria-label="Items in the bin">
        {content.items.map((item) => (
          <li key={`${item.code} ${item.count} ${item.name}`} className="doc-bin-item">
            <DataMatrix value={item.code} className="doc-bin-code" />
            <div>
              <p className="doc-bin-name">{item.name}</p>
              <p>{item.count}</p>
              <p className="doc-barcode-text doc-bin-value">{item.code}</p>
            </div>
          </li>
        ))}
      </ol>
      {content.items.length === 0 ? <p>This drill hands the trainee nothing to scan.</p> : null}
    </article>
  );
}
