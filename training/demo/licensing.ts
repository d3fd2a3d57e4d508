// Who writes a demo prescription: a prescriber licensed where the order ships, except a few planned teaching cases.

import type { Db } from '../database/db.ts';
import { addQualification } from '../domains/prescribers/qualifications.ts';
import type { DemoPrescriber } from './people.ts';
import type { SeededRandom } from './random.ts';
import { licenseStates } from './vocabulary.ts';

/** Every this-many orders, starting with the 25th, one is written by a prescriber with no license in its state. */
export const OUT_OF_STATE_EVERY = 50;
/** Every this-many orders shipping to the state of the first prescriber's expired license, starting with the first. */
export const LAPSED_EVERY = 5;

/**
 * Chooses each order's prescriber. A prescriber drawn regardless of the patient's state made the station's license
 * check fail three times in four, which teaches staff to ignore it; real prescriptions mostly come from a prescriber
 * licensed where the patient lives. A state no prescriber holds an active license for gets one (`coverage`), added by
 * `addCoverageLicenses` after every other draw so no other record moves.
 */
export class PrescriberChooser {
  private readonly prescribers: DemoPrescriber[];
  private readonly holders = new Map<string, DemoPrescriber[]>();
  private readonly lapsedState: string | undefined;
  private readonly lapsedPrescriber: DemoPrescriber | undefined;
  private lapsedStateOrders = 0;
  private orderIndex = 0;
  /** State → the prescriber given a license there, for states nobody holds an active license in. */
  readonly coverage = new Map<string, DemoPrescriber>();

  constructor(prescribers: DemoPrescriber[]) {
    this.prescribers = prescribers;
    this.lapsedPrescriber = prescribers[0];
    this.lapsedState = prescribers[0]?.lapsed[0];
    for (const [k, state] of licenseStates.entries()) {
      const holders = prescribers.filter((p) => p.licensed.includes(state));
      if (holders.length === 0 && prescribers.length > 1) {
        // Never the first prescriber: its expired license in this state is a teaching case and must stay the only one.
        const covering = prescribers[1 + (k % (prescribers.length - 1))] as DemoPrescriber;
        this.coverage.set(state, covering);
        holders.push(covering);
      }
      this.holders.set(state, holders);
    }
  }

  /** The prescriber of the next order, for a patient in `state`; `roll` is one draw in [0, 1), used for every case. */
  next(state: string, roll: number): string {
    const index = this.orderIndex++;
    const lapsedTurn = state === this.lapsedState && this.lapsedStateOrders++ % LAPSED_EVERY === 0;
    if (index % OUT_OF_STATE_EVERY === OUT_OF_STATE_EVERY / 2 - 1) {
      const outsiders = this.prescribers.filter((p) => !this.holds(p, state));
      if (outsiders.length > 0) return pickWith(outsiders, roll).id;
    }
    if (lapsedTurn && this.lapsedPrescriber) return this.lapsedPrescriber.id;
    const holders = this.holders.get(state) ?? [];
    return pickWith(holders.length > 0 ? holders : this.prescribers, roll).id;
  }

  /** Whether `prescriber` has any license on file in `state` (active, expired, or the coverage one to come). */
  private holds(prescriber: DemoPrescriber, state: string): boolean {
    return (
      prescriber.licensed.includes(state) ||
      prescriber.lapsed.includes(state) ||
      this.coverage.get(state) === prescriber
    );
  }
}

function pickWith<T>(items: readonly T[], roll: number): T {
  return items[Math.floor(roll * items.length)] as T;
}

/** Adds the licenses the chooser counted on for states no prescriber held; call after every other draw. */
export function addCoverageLicenses(db: Db, random: SeededRandom, now: Date, chooser: PrescriberChooser): void {
  for (const [state, prescriber] of chooser.coverage) {
    addQualification(
      db,
      prescriber.id,
      {
        state,
        license_number: `${state}${random.digits(7)}`,
        description: 'State medical license',
        expiration_date: new Date(now.getTime() + random.int(60, 1000) * 86_400_000).toISOString().slice(0, 10),
        is_active: true,
      },
      now,
    );
    prescriber.licensed.push(state);
  }
}
