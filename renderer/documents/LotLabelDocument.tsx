// The lot label stuck on a shelf bin or a stock bottle: product, lot number, expiry, quantity and the lot's service
// barcode (scanning it opens the lot).
import { DataMatrix } from './DataMatrix.tsx';
import { printedDay } from './doc-format.ts';
import type { BadgeData, LotData } from './document-data.ts';

export function LotLabelDocument({ data }: { data: LotData }) {
  const { lot } = data;
  return (
    <article className="doc doc-lot" aria-label="Lot label">
      <p className="doc-lot-product">{data.productName ?? 'Product'}</p>
      <p className="doc-lot-facts">
        <span>Lot {lot.batch_number ?? '—'}</span>
        <span>Exp {printedDay(lot.expiration_date) ?? '—'}</span>
      </p>
      <p className="doc-lot-facts">
        <span>Qty {lot.current_quantity ?? '—'}</span>
        <span>{lot.manufacturer ?? ''}</span>
      </p>
      <footer className="doc-matrix">
        <DataMatrix value={data.barcode} className="doc-matrix-code" />
        <span className="doc-barcode-text">{data.barcode}</span>
      </footer>
    </article>
  );
}

export function StaffBadge({ data }: { data: BadgeData }) {
  return (
    <article className="doc doc-badge" aria-label="Staff badge">
      <p className="doc-badge-app">Fulfillment Station</p>
      <p className="doc-badge-name">{data.name}</p>
      <p className="doc-badge-role">{data.role ?? 'staff'}</p>
      <p className="doc-badge-email">{data.email}</p>
      <footer className="doc-matrix">
        <DataMatrix value={data.barcode} className="doc-matrix-code" />
        <span className="doc-barcode-text">{data.barcode}</span>
      </footer>
    </article>
  );
}
