// The packing slip as main prepared it: order number and its barcode, ship-to, each product with quantity and lot, who
// verified it at this station and when, and the returns note.
import type { SlipContent } from '../../contract/document-content.ts';
import { Code128 } from './Code128.tsx';

export function PackingSlip({ content }: { content: SlipContent }) {
  const { pharmacy } = content;
  return (
    <article className="doc doc-slip" aria-label="Packing slip">
      <header className="doc-slip-head">
        <div>
          <h1>Packing slip</h1>
          <p>
            <strong>{pharmacy.name}</strong>
            <br />
            {pharmacy.address}
            <br />
            {pharmacy.phone ? `Tel ${pharmacy.phone}` : ''}
          </p>
        </div>
        <div className="doc-slip-order">
          <p>Order {content.orderNumber}</p>
          <Code128 value={content.orderNumber} className="doc-slip-bars" />
        </div>
      </header>
      <section className="doc-slip-shipto" aria-label="Ship to">
        <h2>Ship to</h2>
        <p>
          {content.shipTo.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </p>
      </section>
      <table className="doc-slip-table">
        <thead>
          <tr>
            <th>Product</th>
            <th>SKU</th>
            <th>Qty</th>
            <th>Lot</th>
          </tr>
        </thead>
        <tbody>
          {content.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td>{line.sku}</td>
              <td>{line.quantity}</td>
              <td>{line.lots}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="doc-slip-verified">{content.verified}</p>
      <footer className="doc-slip-returns">
        <h2>Returns</h2>
        <p>
          Prescription medicines cannot be returned or exchanged once they have left the pharmacy. If anything is
          missing, damaged or not what you expected, call us
          {pharmacy.phone ? ` at ${pharmacy.phone}` : ''} within 14 days and quote order {content.orderNumber}.
          Over-the-counter items may be returned unopened within 30 days.
        </p>
      </footer>
    </article>
  );
}
