// The lot label stuck on a shelf bin or a stock bottle (product, lot number, expiry, quantity, the lot's service
// barcode) and the staff badge, as main prepared them.
import type { BadgeContent, LotContent } from '../../contract/document-content.ts';
import { DataMatrix } from './DataMatrix.tsx';

export function LotLabelDocument({ content }: { content: LotContent }) {
  return (
    <article className="doc doc-lot" aria-label="Lot label">
      <p className="doc-lot-product">{content.product}</p>
      <p className="doc-lot-facts">
        <span>Lot {content.lotNumber}</span>
        <span>Exp {content.expires}</span>
      </p>
      <p className="doc-lot-facts">
        <span>Qty {content.quantity}</span>
        <span>{content.manufacturer}</span>
      </p>
      <footer className="doc-matrix">
        <DataMatrix value={content.barcode} className="doc-matrix-code" />
        <span className="doc-barcode-text">{content.barcode}</span>
      </footer>
    </article>
  );
}

export function StaffBadge({ content }: { content: BadgeContent }) {
  return (
    <article className="doc doc-badge" aria-label="Staff badge">
      <p className="doc-badge-app">Fulfillment Station</p>
      <p className="doc-badge-name">{content.name}</p>
      <p className="doc-badge-role">{content.role}</p>
      <p className="doc-badge-email">{content.email}</p>
      <footer className="doc-matrix">
        <DataMatrix value={content.barcode} className="doc-matrix-code" />
        <span className="doc-barcode-text">{content.barcode}</span>
      </footer>
    </article>
  );
}
