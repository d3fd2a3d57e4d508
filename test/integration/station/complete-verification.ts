// A complete verification of a real order, as the verify screen records it: one counted scan per line, as many as
// ordered. Tests record it through `audit:record` (a hostile page could send the same).
export function completeVerification(order: any, signOffs: unknown[] = []) {
  const products = [
    ...(order.products.prescription ?? []),
    ...(order.products.non_prescription ?? []),
    ...(order.products.order_material ?? []),
  ];
  return {
    orderId: order.id,
    orderNumber: order.order_number,
    outcome: 'verified',
    lines: products.map((p: any) => ({
      productId: p.id,
      sku: p.sku,
      expected: p.quantity,
      scanned: p.quantity,
      controlled: p.is_controlled_substance === true,
    })),
    scans: products.map((p: any) => ({
      code: p.sku,
      entry: 'scanner',
      quantity: p.quantity,
      result: 'counted',
      matchedBy: 'sku',
      productId: p.id,
      lotId: null,
      lot: null,
      expiry: null,
      stop: null,
    })),
    taskRef: null,
    signOffs,
  };
}
