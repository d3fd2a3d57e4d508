// A station's channels called as a hostile page would (any input, straight to main), with the answers unwrapped.
import type { StationRig } from './harness.ts';

export type Answer = { ok: true; value: any } | { ok: false; error: { code: string; message: string } };

export function stationCalls(rig: () => StationRig) {
  const invoke = (channel: string, input?: unknown) => rig().station.invoke(channel, input) as Promise<Answer>;
  return {
    invoke,
    async value(channel: string, input?: unknown): Promise<any> {
      const answer = await invoke(channel, input);
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
      return answer.value;
    },
    async refusal(channel: string, input?: unknown): Promise<{ code: string; message: string }> {
      const answer = await invoke(channel, input);
      if (answer.ok) throw new Error(`${channel} was expected to refuse`);
      return answer.error;
    },
  };
}

/** A verification of `lines` (each counted `scanned` of `expected`), as the verify screen records one today. */
export function verificationOf(
  order: { id: string; order_number: string },
  lines: { productId: string; sku: string | null; expected: number; scanned: number }[],
) {
  const complete = lines.every((line) => line.scanned === line.expected);
  return {
    orderId: order.id,
    orderNumber: order.order_number,
    outcome: complete ? 'verified' : 'discrepancy',
    lines: lines.map((line) => ({ ...line, controlled: false })),
    scans: lines
      .filter((line) => line.scanned > 0)
      .map((line) => ({
        code: line.sku ?? line.productId,
        entry: 'scanner',
        quantity: line.scanned,
        result: 'counted',
        matchedBy: 'sku',
        productId: line.productId,
        lotId: null,
        lot: null,
        expiry: null,
        stop: null,
      })),
    taskRef: null,
  };
}
