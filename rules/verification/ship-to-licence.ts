// The pharmacy's own licence in the ship-to state: a mail-order pharmacy dispenses only into the states it is licensed
// in (pharmacy details' `licensedStates`, set by an admin). An order shipping anywhere else is a hard stop before
// verification; no count or override lets it through, only a corrected address or a licence on file. Main asks it when
// a run starts (main/work/verify-runs/run-context.ts). Pure.

export interface ShipsTo {
  order_number?: string | null;
  address?: { state?: string | null } | null;
}

/** The states as the pharmacy details keep them: trimmed, upper case, each once, in order. */
export function normaliseStates(states: readonly string[]): string[] {
  return [...new Set(states.map((state) => state.trim().toUpperCase()).filter((state) => state !== ''))].sort();
}

/**
 * Why this order may not be verified here, or null. No licensed states on file: not checked (a station that was never
 * told). No ship-to state on the order: nothing to hold it against.
 */
export function unlicensedShipTo(order: ShipsTo, licensedStates: readonly string[]): string | null {
  const licensed = normaliseStates(licensedStates);
  const state = order.address?.state?.trim().toUpperCase();
  if (licensed.length === 0 || !state || licensed.includes(state)) return null;
  const name = order.order_number ? `Order ${order.order_number}` : 'This order';
  return (
    `${name} ships to ${state}, where this pharmacy is not licensed (licensed: ${licensed.join(', ')}): it cannot be ` +
    'verified. Correct the ship-to address or ask the pharmacist-in-charge.'
  );
}
