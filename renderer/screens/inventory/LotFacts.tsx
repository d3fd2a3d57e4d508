// What is on file for a lot: product, batch, maker, units, cost, received and expiry days, and the record's stamps.
import type { ReactNode } from 'react';
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { formatDay, formatMoment } from '../../format/record-values.ts';
import { expiryWords } from './lot-flags.ts';
import { formatMoney, formatQuantity } from './lot-format.ts';
import { KIND_NOUNS, type LotView } from './lot-rows.ts';
import { lotWords } from './wording.ts';

const words = lotWords.facts;

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
      <h2 id="lot-facts-title">{words.title}</h2>
      <dl className="facts lot-facts">
        <Fact label={words.product}>
          {product?.name ?? lotWords.unknownProduct}
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
        <Fact label={words.batch}>{lot.batch_number || '—'}</Fact>
        <Fact label={words.manufacturer}>{lot.manufacturer || '—'}</Fact>
        <Fact label={words.codes}>{[lot.mpn || '—', lot.upc || '—'].join(' / ')}</Fact>
        <Fact label={words.received}>{formatDay(lot.received_date)}</Fact>
        <Fact label={words.expires}>
          {lot.expiration_date ? formatDay(lot.expiration_date) : lotWords.noExpiry}
          {expiry ? <span className="muted"> · {expiry}</span> : null}
        </Fact>
        <Fact label={words.unitType}>{lot.unit_type || '—'}</Fact>
        <Fact label={words.unitsPerProduct}>{formatQuantity(lot.units_per_product)}</Fact>
        <Fact label={words.costPerUnit}>{formatMoney(lot.cost_per_unit)}</Fact>
        <Fact label={words.initialQuantity}>{formatQuantity(lot.initial_quantity, lot.unit_type)}</Fact>
        <Fact label={words.active}>{lot.is_active === false ? words.notPicked : words.yes}</Fact>
        <Fact label={words.notes}>{lot.notes?.trim() ? <span className="lot-notes">{lot.notes}</span> : '—'}</Fact>
        <Fact label={words.created}>{formatMoment(lot.created_at)}</Fact>
        <Fact label={words.changed}>{formatMoment(lot.updated_at)}</Fact>
      </dl>
    </section>
  );
}
