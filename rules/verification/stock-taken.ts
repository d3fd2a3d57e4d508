// What a verified run takes from stock: the units counted from each lot (counted scans less the ones taken back), as
// the lots' quantity adjustments main queues when it records the run verified. A count whose lot is not known (a UPC
// scanned without its lot) takes from no lot; it is named so the station can say so.

export interface StockScan {
  result: 'counted' | 'stopped' | 'unrecognised' | 'undone';
  productId: string | null;
  lotId: string | null;
  lot: string | null;
  quantity: number;
}

export interface LotTaken {
  lotId: string;
  /** The lot number as scanned (AI 10) or as the service has it. */
  lot: string | null;
  productId: string;
  /** Units taken: always more than zero. */
  quantity: number;
}

export interface StockTaken {
  lots: LotTaken[];
  /** Units counted of each product whose lot was not known. */
  unlotted: { productId: string; quantity: number }[];
}

/** The stock a run's scans took, lot by lot, in the order the lots were first scanned. */
export function stockTakenBy(scans: readonly StockScan[]): StockTaken {
  const lots = new Map<string, LotTaken>();
  const unlotted = new Map<string, number>();
  for (const scan of scans) {
    const sign = scan.result === 'counted' ? 1 : scan.result === 'undone' ? -1 : 0;
    if (sign === 0 || scan.productId === null) continue;
    if (scan.lotId === null) {
      unlotted.set(scan.productId, (unlotted.get(scan.productId) ?? 0) + sign * scan.quantity);
      continue;
    }
    const key = `${scan.lotId}\u0000${scan.productId}`;
    const earlier = lots.get(key) ?? { lotId: scan.lotId, lot: scan.lot, productId: scan.productId, quantity: 0 };
    lots.set(key, { ...earlier, lot: earlier.lot ?? scan.lot, quantity: earlier.quantity + sign * scan.quantity });
  }
  return {
    lots: [...lots.values()].filter((taken) => taken.quantity > 0),
    unlotted: [...unlotted]
      .filter(([, quantity]) => quantity > 0)
      .map(([productId, quantity]) => ({ productId, quantity })),
  };
}
