// The packing slip: order number and its barcode, ship-to, each product with quantity and lot, who verified it at this
// station and when, and the returns note.
import { Code128 } from './Code128.tsx';
import { addressLines, printedTime } from './doc-format.ts';
import type { SlipData } from './document-data.ts';

interface SlipLine {
  id: string;
  name: string;
  sku: string | null;
  quantity: number;
}

function linesOf(data: SlipData): SlipLine[] {
  const products = data.order.products;
  return [...(products?.prescription ?? []), ...(products?.non_prescription ?? [])].map((product) => ({
    id: product.id,
    name: product.name ?? product.sku ?? product.id,
    sku: product.sku ?? null,
    quantity: product.quantity ?? 1,
  }));
}

/** The lots the verification counted for a product, as "LOT (exp date)". */
function lotsOf(data: SlipData, productId: string): string {
  const lots = (data.verification?.scans ?? [])
    .filter((scan) => scan.result === 'counted' && scan.productId === productId && scan.lot)
    .map((scan) => (scan.expiry ? `${scan.lot} (exp ${scan.expiry})` : (scan.lot as string)));
  return lots.length > 0 ? [...new Set(lots)].join(', ') : 'not recorded';
}

export function PackingSlip({ data }: { data: SlipData }) {
  const { order, settings, verification } = data;
  const verifier = verification ? (verification.user.name ?? verification.user.email) : null;
  return (
    <article className="doc doc-slip" aria-label="Packing slip">
      <header className="doc-slip-head">
        <div>
          <h1>Packing slip</h1>
          <p>
            <strong>{settings.pharmacyName ?? 'Pharmacy'}</strong>
            <br />
            {settings.pharmacyAddress}
            <br />
            {settings.pharmacyPhone ? `Tel ${settings.pharmacyPhone}` : ''}
          </p>
        </div>
        <div className="doc-slip-order">
          <p>Order {order.order_number}</p>
          <Code128 value={order.order_number} className="doc-slip-bars" />
        </div>
      </header>
      <section className="doc-slip-shipto" aria-label="Ship to">
        <h2>Ship to</h2>
        <p>
          {[data.patientName ?? 'Patient', ...addressLines(order.address)].map((line) => (
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
          {linesOf(data).map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td>{line.sku ?? '—'}</td>
              <td>{line.quantity}</td>
              <td>{lotsOf(data, line.id)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="doc-slip-verified">
        {verification && verifier
          ? `Verified by ${verifier} on ${printedTime(verification.recordedAt)}.`
          : 'Not verified at this station.'}
      </p>
      <footer className="doc-slip-returns">
        <h2>Returns</h2>
        <p>
          Prescription medicines cannot be returned or exchanged once they have left the pharmacy. If anything is
          missing, damaged or not what you expected, call us
          {settings.pharmacyPhone ? ` at ${settings.pharmacyPhone}` : ''} within 14 days and quote order{' '}
          {order.order_number}. Over-the-counter items may be returned unopened within 30 days.
        </p>
      </footer>
    </article>
  );
}
