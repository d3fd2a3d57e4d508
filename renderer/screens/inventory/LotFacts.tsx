// What is on file for a lot: product, batch, maker, units, cost, received and expiry days, and the record's stamps.
import type { ReactNode } from 'react';
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { formatDay, formatMoment } from '../../format/record-values.ts';
import { expiryWords } from './lot-flags.ts';
import { formatMoney, formatQuantity } from './lot-format.ts';
import { KIND_NOUNS, type LotView } from './lot-rows.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function LotFacts({ lot, view }: { lot: InventoryLot; view: LotView }) {
  const product = view.product;
  const expiry = expiryWords(view.expiry);
  return (
    <section className="card" aria-labelledby="lot-facts-title">
      <h2 id="lot-facts-title">Details</h2>
      <dl className="facts lot-facts">
        <Fact label="Product">
          {product?.name ?? 'Unknown product'}
          <span className="muted lot-fact-sub">
            {KIND_NOUNS[view.kind].replace(/^./, (c) => c.toUpperCase())}
            {product?.sku ? (
              <>
                {' · '}
                <span className="lot-nowrap">{product.sku}</span>
              </>
            ) : null}
          </span>
        </Fact>
        <Fact label="Batch / lot">{lot.batch_number || '—'}</Fact>
        <Fact label="Manufacturer">{lot.manufacturer || '—'}</Fact>
        <Fact label="MPN / UPC">{[lot.mpn || '—', lot.upc || '—'].join(' / ')}</Fact>
        <Fact label="Received">{formatDay(lot.received_date)}</Fact>
        <Fact label="Expires">
          {lot.expiration_date ? formatDay(lot.expiration_date) : 'No expiry'}
          {expiry ? <span className="muted"> · {expiry}</span> : null}
        </Fact>
        <Fact label="Unit type">{lot.unit_type || '—'}</Fact>
        <Fact label="Units per product">{formatQuantity(lot.units_per_product)}</Fact>
        <Fact label="Cost per unit">{formatMoney(lot.cost_per_unit)}</Fact>
        <Fact label="Initial quantity">{formatQuantity(lot.initial_quantity, lot.unit_type)}</Fact>
        <Fact label="Active">{lot.is_active === false ? 'No: not picked from' : 'Yes'}</Fact>
        <Fact label="Notes">{lot.notes?.trim() ? <span className="lot-notes">{lot.notes}</span> : '—'}</Fact>
        <Fact label="Created">{formatMoment(lot.created_at)}</Fact>
        <Fact label="Last changed">{formatMoment(lot.updated_at)}</Fact>
      </dl>
    </section>
  );
}
