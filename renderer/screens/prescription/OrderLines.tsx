// What the order will fill, beside the prescription under review: each prescription line of the order with its
// quantity, the one this prescription is marked; a line of another drug is what the 'order' check fails on
// (rules/clinical/checks-prescription.ts), before "OK to fill".
import { useId } from 'react';
import type { PrescriptionDetail } from '../../../contract/service/prescriptions.ts';
import { fills } from '../../../rules/clinical/checks-prescription.ts';
import type { OrderView } from '../../queries/orders.ts';
import { reviewWords } from './wording.ts';

export function OrderLines({
  order,
  prescription,
}: {
  order: OrderView | undefined;
  prescription: PrescriptionDetail;
}) {
  const id = useId();
  if (!order) return null;
  const lines = order.products?.prescription ?? [];
  const words = reviewWords.orderLines;
  return (
    <section className="card rx-section" aria-labelledby={id}>
      <h2 id={id}>{words.title(order.order_number ?? null)}</h2>
      {lines.length === 0 ? (
        <p className="muted">{words.none}</p>
      ) : (
        <ul className="rx-order-lines">
          {lines.map((line) => {
            const isThis = fills(line, { prescription, product: prescription.product ?? null });
            return (
              <li
                key={line.id}
                className={isThis ? 'rx-order-line rx-order-line-this' : 'rx-order-line rx-order-line-other'}
              >
                <span>{line.name ?? line.sku ?? words.unnamed}</span>
                <span>× {line.quantity ?? '?'}</span>
                <span className="rx-order-line-mark">{isThis ? words.thisPrescription : words.anotherDrug}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
