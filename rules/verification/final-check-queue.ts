// The pharmacy-wide list of orders waiting for a pharmacist's final check, from the pharmacy's record alone (so every
// station shows the same list): an order a technician verified (no final check with it) while tech-check-tech is not
// allowed, until a final check by scan passed its last prescription line. Pure: main passes in the record's facts.

export interface VerifiedForQueue {
  order_id: string;
  order_number: string | null;
  at: string;
  station: { name: string };
  person: { name: string };
  lines: readonly { product_id: string; counted: number }[];
  final_check: { by: string } | null;
}

export interface FinalCheckForQueue {
  order_id: string;
  at: string;
  outcome: 'passed' | 'stopped';
  reason: string;
  order_done: boolean;
}

export interface FinalCheckQueueEntry {
  orderId: string;
  orderNumber: string | null;
  verifiedBy: string;
  station: string;
  verifiedAt: string;
  lineCount: number;
  /** The newest final check's hard stop on this order, in words (null when the newest did not stop). */
  lastStop: string | null;
}

/** The orders waiting for a final check, oldest verification first. */
export function finalCheckQueue(
  techCheckTechAllowed: boolean,
  verified: readonly VerifiedForQueue[],
  checks: readonly FinalCheckForQueue[],
): FinalCheckQueueEntry[] {
  if (techCheckTechAllowed) return [];
  const done = new Set(checks.filter((c) => c.outcome === 'passed' && c.order_done).map((c) => c.order_id));
  const seen = new Set<string>();
  const waiting = verified.filter((fact) => {
    if (fact.final_check !== null || done.has(fact.order_id) || seen.has(fact.order_id)) return false;
    seen.add(fact.order_id);
    return true;
  });
  return waiting
    .map((fact) => {
      const newest = checks.filter((c) => c.order_id === fact.order_id).sort((a, b) => b.at.localeCompare(a.at))[0];
      return {
        orderId: fact.order_id,
        orderNumber: fact.order_number,
        verifiedBy: fact.person.name,
        station: fact.station.name,
        verifiedAt: fact.at,
        lineCount: fact.lines.length,
        lastStop: newest?.outcome === 'stopped' ? newest.reason : null,
      };
    })
    .sort((a, b) => a.verifiedAt.localeCompare(b.verifiedAt));
}
