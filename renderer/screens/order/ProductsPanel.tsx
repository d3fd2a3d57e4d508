// The products of the order by kind, each line with its quantity.
import type { OrderProducts, ProductKind } from '../../../contract/service/products.ts';
import { Panel } from './Panel.tsx';
import { orderWords } from './wording.ts';

const kinds: { key: ProductKind; title: string }[] = [
  { key: 'prescription', title: orderWords.products.kinds.prescription },
  { key: 'non_prescription', title: orderWords.products.kinds.non_prescription },
  { key: 'order_material', title: orderWords.products.kinds.order_material },
];

interface Line {
  id: string;
  name?: string | null;
  strength?: string | null;
  sku?: string | null;
  quantity?: number | null;
}

export function ProductsPanel({ products }: { products: OrderProducts | null | undefined }) {
  const groups = kinds
    .map((kind) => ({ ...kind, lines: (products?.[kind.key] ?? []) as Line[] }))
    .filter((group) => group.lines.length > 0);
  return (
    <Panel id="order-products" title={orderWords.products.title}>
      {groups.length === 0 ? <p className="muted">{orderWords.products.none}</p> : null}
      {groups.map((group) => (
        <section key={group.key} className="product-group" aria-label={group.title}>
          <h4>
            {group.title} <span className="muted">({group.lines.length})</span>
          </h4>
          <ul>
            {group.lines.map((line) => (
              <li key={line.id} className="product-line">
                <span className="product-name">
                  {line.name ?? line.sku ?? line.id}
                  {line.strength && !line.name?.includes(line.strength) ? (
                    <span className="muted"> {line.strength}</span>
                  ) : null}
                  {line.sku && line.name ? <span className="order-sku">{line.sku}</span> : null}
                </span>
                <span className="quantity">{orderWords.products.quantity(line.quantity ?? 1)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Panel>
  );
}
