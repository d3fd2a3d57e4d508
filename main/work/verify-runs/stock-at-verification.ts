// Stock leaves at verification: when main records a run verified, each lot's units counted (rules/verification/
// stock-taken.ts) go into the outbox as that lot's quantity adjustment, named once per order and lot, so the service's
// stock goes down once, also when the station is offline (the outbox sends it when the service is back).
import { productLabel } from '../../../rules/verification/lines.ts';
import type { VerifyRun } from '../../../rules/verification/run.ts';
import { stockTakenBy } from '../../../rules/verification/stock-taken.ts';
import type { RunParts } from './run-parts.ts';

/** The outbox key of one lot's change for one order: the same order and lot never take stock twice. */
export const stockKey = (orderId: string, lotId: string, productId: string) =>
  `verified:${orderId}:${lotId}:${productId}`;

/** Queues the stock the verified run took; answers what to tell the person (what was taken, what was not). */
export async function takeStockAtVerification(
  parts: RunParts,
  order: { id: string; orderNumber: string | null },
  run: VerifyRun,
): Promise<string> {
  const taken = stockTakenBy(run.scans);
  const what = `order ${order.orderNumber ?? order.id}`;
  const said: string[] = [];
  for (const lot of taken.lots) {
    const label = productLabel(run.lines.find((line) => line.productId === lot.productId) ?? undefined, lot.productId);
    try {
      await parts.takeStock({
        key: stockKey(order.id, lot.lotId, lot.productId),
        lotId: lot.lotId,
        body: { additional_quantity: -lot.quantity, reason: `Filled ${what}: ${lot.quantity} of ${label} (verified)` },
      });
      said.push(`${lot.quantity} from lot ${lot.lot ?? lot.lotId}`);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      said.push(`${lot.quantity} from lot ${lot.lot ?? lot.lotId} NOT queued (${why})`);
    }
  }
  const unlotted = taken.unlotted.map((each) => {
    const line = run.lines.find((candidate) => candidate.productId === each.productId);
    return `${each.quantity} of ${productLabel(line, each.productId)}`;
  });
  const sentences = [
    said.length > 0 ? `Stock taken: ${said.join(', ')}.` : '',
    unlotted.length > 0 ? `Scanned without a lot, so not taken from stock: ${unlotted.join(', ')}.` : '',
  ];
  return sentences.filter(Boolean).join(' ');
}
