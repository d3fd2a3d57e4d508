// The patient's orders, newest pages first as the service sends them; each opens the order view.

import { useQueryClient } from '@tanstack/react-query';
import { orderStatusName } from '../../../contract/service/order-status.ts';
import type { Order } from '../../../contract/service/orders.ts';
import { useCommands } from '../../commands/command-store.ts';
import { counted, formatMoment } from '../../format/record-values.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { orderQueryKey } from '../../queries/orders.ts';
import { usePatientOrders } from '../../queries/patients.ts';
import { messageOf } from '../../queries/station.ts';
import { navigate } from '../../state/navigation-store.ts';
import { patientWords } from './wording.ts';

const words = patientWords.orders;

function productsOf(order: Order): string {
  const products = order.products;
  const names = [...(products?.prescription ?? []), ...(products?.non_prescription ?? [])]
    .map((product) => (product as { name?: string | null }).name)
    .filter((name): name is string => Boolean(name));
  if (names.length === 0) return words.noProducts;
  return names.length > 2 ? words.andMore(names.slice(0, 2).join(', '), names.length - 2) : names.join(', ');
}

export function PatientOrders({ patientId }: { patientId: string }) {
  const orders = usePatientOrders(patientId);
  const queryClient = useQueryClient();
  const list = orders.data?.pages.flat() ?? [];
  const open = (order: Order) => {
    // The order view reads the same shape: it paints at once and refreshes behind.
    queryClient.setQueryData(orderQueryKey(order.id), order);
    navigate({ screen: 'order', orderId: order.id });
  };
  const latest = list[0];
  useCommands([
    {
      id: 'patient.orders.first',
      title: latest ? words.open(latest.order_number ?? '') : words.openFirst,
      group: 'Patient',
      shortcut: 'Alt+O',
      enabled: latest !== undefined,
      run: () => latest && open(latest),
    },
    {
      id: 'patient.orders.more',
      title: patientWords.moreOrders,
      group: 'Patient',
      shortcut: 'Alt+M',
      enabled: orders.hasNextPage && !orders.isFetchingNextPage,
      run: () => void orders.fetchNextPage(),
    },
  ]);

  return (
    <section className="card patient-orders" aria-labelledby="patient-orders-title">
      <div className="section-head">
        <h2 id="patient-orders-title">{patientWords.orders.title}</h2>
        <span className="muted">
          {orders.isPending
            ? words.reading
            : orders.isError && list.length === 0
              ? // No count: nothing was read, so "0 orders" would be a claim.
                ''
              : `${counted(list.length, 'order')}${orders.hasNextPage ? words.soFar : ''}`}
        </span>
      </div>
      {orders.isError && list.length === 0 ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(orders.error)}
        </p>
      ) : null}
      {!orders.isPending && list.length === 0 && !orders.isError ? (
        <p className="muted">{patientWords.orders.none}</p>
      ) : null}
      {list.length > 0 ? (
        <ul className="order-list" aria-label={patientWords.orders.list}>
          {list.map((order, index) => (
            <li key={order.id}>
              <button
                type="button"
                className="order-line"
                onClick={() => open(order)}
                aria-keyshortcuts={index === 0 ? 'Alt+O' : undefined}
              >
                <span className="order-number">{order.order_number ?? order.id}</span>
                <span className="status-pill">{orderStatusName(order) ?? words.unknownStatus}</span>
                <span className="order-products">{productsOf(order)}</span>
                <span className="muted">{formatMoment(order.created_at)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {orders.hasNextPage ? (
        <ActionButton shortcut="Alt+M" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
          {orders.isFetchingNextPage ? words.reading : words.showMore}
        </ActionButton>
      ) : null}
    </section>
  );
}
