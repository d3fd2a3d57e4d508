// A compact order card for the scan station: number, status, patient, and the products by kind with quantities.
import type { OrderView } from '../../queries/orders.ts';

type Products = NonNullable<OrderView['products']>;
type Line = {
  id: string;
  name?: string | null;
  strength?: string | null;
  sku?: string | null;
  quantity?: number | null;
};

const kinds: { key: 'prescription' | 'non_prescription' | 'order_material'; title: string }[] = [
  { key: 'prescription', title: 'Prescription' },
  { key: 'non_prescription', title: 'Non-prescription' },
  { key: 'order_material', title: 'Order material' },
];

function linesOf(products: Products, key: (typeof kinds)[number]['key']): Line[] {
  return (products[key] ?? []) as Line[];
}

export function OrderSummary({ order }: { order: OrderView }) {
  const patient = order.patient;
  const patientName = [patient?.first_name, patient?.last_name].filter(Boolean).join(' ') || 'No patient on file';
  const products = order.products ?? {};
  const groups = kinds.map((kind) => ({ ...kind, lines: linesOf(products, kind.key) })).filter((g) => g.lines.length);

  return (
    <article className="card order-summary" aria-labelledby="order-title">
      <header className="order-head">
        <h2 id="order-title">
          Order <span className="order-number">{order.order_number ?? order.id}</span>
        </h2>
        <span className={`status-pill status-${order.status ?? 'unknown'}`}>
          {order.status_name ?? order.status ?? 'Unknown status'}
        </span>
      </header>
      <dl className="order-facts">
        <dt>Patient</dt>
        <dd className="patient-name">{patientName}</dd>
        {order.external_id ? (
          <>
            <dt>External id</dt>
            <dd>{order.external_id}</dd>
          </>
        ) : null}
      </dl>
      {groups.length === 0 ? <p className="muted">This order has no products.</p> : null}
      {groups.map((group) => (
        <section key={group.key} className="product-group" aria-label={group.title}>
          <h3>{group.title}</h3>
          <ul>
            {group.lines.map((line) => (
              <li key={line.id} className="product-line">
                <span className="product-name">
                  {line.name ?? line.sku ?? line.id}
                  {line.strength && !line.name?.includes(line.strength) ? (
                    <span className="muted"> {line.strength}</span>
                  ) : null}
                </span>
                <span className="quantity">Qty {line.quantity ?? 1}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
