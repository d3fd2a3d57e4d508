// How long things take in simulated time, and the simulation's seeded choices: each drawn from a hash of the seed and the record, so
// the same seed gives the same outcome however the work is split into ticks and steps.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A window of simulated time: the wait is drawn between the two ends. */
export interface Dwell {
  min: number;
  max: number;
}

/**
 * Decisions: plausible waits on a pharmacy floor, in simulated time. An order waits in received until data entry
 * picks it up, in data entry until the pharmacist has checked it and it is picked, in picked until it is verified,
 * in verified until the carrier collects it; a shipment takes the service level's transit time.
 */
export const floorDwell: Record<'received' | 'data_entry' | 'picked' | 'verified', Dwell> = {
  received: { min: 10 * MINUTE, max: 45 * MINUTE },
  data_entry: { min: 30 * MINUTE, max: 3 * HOUR },
  picked: { min: 15 * MINUTE, max: 2 * HOUR },
  verified: { min: 30 * MINUTE, max: 4 * HOUR },
};

/** Transit times by service level; an unknown level ships like ground. */
export function transitDwell(serviceLevel: string | null | undefined): Dwell {
  if (serviceLevel === 'next_day') return { min: 16 * HOUR, max: 30 * HOUR };
  if (serviceLevel === 'ups_ground') return { min: 1 * DAY, max: 4 * DAY };
  return { min: 2 * DAY, max: 5 * DAY };
}
/** The shortest transit of any service level: the bound of the query for shipped orders. */
export const MIN_TRANSIT = 16 * HOUR;

/** How long an order stays stuck before its problem is settled. */
export const stuckDwell: Dwell = { min: 12 * HOUR, max: 72 * HOUR };
/** How long a pharmacist takes to act on a cancellation request, and the pharmacy on a replacement request. */
export const cancellationDwell: Dwell = { min: 20 * MINUTE, max: 90 * MINUTE };
export const replacementDwell: Dwell = { min: 1 * HOUR, max: 4 * HOUR };

/** FNV-1a, 32 bits: small, fast and good enough to spread choices evenly. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // A final avalanche, so keys that differ in the last characters still land far apart.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** A number in [0, 1) fixed by the seed and the parts (a record id, what is being decided). */
export function draw(seed: number, ...parts: string[]): number {
  return fnv1a(`${seed}|${parts.join('|')}`) / 4294967296;
}

/** The wait for this record and decision within the window. */
export function waitFor(dwell: Dwell, seed: number, ...parts: string[]): number {
  return Math.round(dwell.min + draw(seed, ...parts) * (dwell.max - dwell.min));
}

/** One of the options, fixed by the seed and the parts. */
export function choose<T>(options: readonly T[], seed: number, ...parts: string[]): T {
  return options[Math.floor(draw(seed, ...parts) * options.length)] as T;
}

/** `count` decimal digits fixed by the seed and the parts (tracking numbers). */
export function digitsFor(count: number, seed: number, ...parts: string[]): string {
  let out = '';
  for (let i = 0; out.length < count; i++)
    out += String(fnv1a(`${seed}|${parts.join('|')}|${i}`) % 1_000_000).padStart(6, '0');
  return out.slice(0, count);
}
