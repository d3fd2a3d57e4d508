// Drives main's verification run through the station's channels as the verify screen (or a hostile script) would:
// verify:start, verify:scan with only a code, how it was entered and a typed count, the stop answered, finish.
import type { StationRig } from './harness.ts';

export type Answer = { ok: true; value: any } | { ok: false; error: { code: string; message: string; details?: any } };

export function verifyDriver(rig: () => StationRig) {
  const invoke = (channel: string, input?: unknown) => rig().station.invoke(channel, input) as Promise<Answer>;
  const value = async (channel: string, input?: unknown) => {
    const answer = await invoke(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  };
  const refusal = async (channel: string, input?: unknown) => {
    const answer = await invoke(channel, input);
    if (answer.ok) throw new Error(`${channel} was expected to refuse, answered ${JSON.stringify(answer.value)}`);
    return answer.error;
  };
  /** Every product line of an order as the service lists it. */
  const productsOf = (order: any): any[] => [
    ...(order.products?.prescription ?? []),
    ...(order.products?.non_prescription ?? []),
    ...(order.products?.order_material ?? []),
  ];
  const controlled = (order: any) => productsOf(order).some((p) => p.is_controlled_substance === true);
  /** Orders of these statuses, with SKUs on every line (so a scan can name each). */
  async function orders(status = 'received,data_entry,picked'): Promise<any[]> {
    const listed = await value('orders:list', { query: { page_size: 200, status } });
    return listed.filter((o: any) => productsOf(o).length > 0 && productsOf(o).every((p) => p.sku));
  }
  const scan = (orderId: string, code: string, extra: Record<string, unknown> = {}) =>
    value('verify:scan', { orderId, code, entry: 'scanner', ...extra });
  /** Scans every line of the order complete, one scan per line with its quantity typed: main's last answer. */
  async function scanAll(order: any): Promise<any> {
    let view: any;
    for (const product of productsOf(order)) {
      const quantity = product.quantity ?? 1;
      if (quantity < 1) continue;
      view = await scan(order.id, product.sku, quantity > 1 ? { quantity, entry: 'typed' } : {});
    }
    return view;
  }
  /** A product with a SKU that is on another order but not on this one. */
  async function foreignProduct(order: any): Promise<any> {
    const onOrder = new Set(productsOf(order).map((p) => p.id));
    for (const other of await orders()) {
      const found = productsOf(other).find((p) => !onOrder.has(p.id));
      if (found) return found;
    }
    throw new Error('the demo data has no product off this order');
  }
  return { invoke, value, refusal, productsOf, controlled, orders, scan, scanAll, foreignProduct };
}
