// One run of the simulation (a tick or a step): what it may still do (moves and time) and the summary of what it did.
import type { Db } from '../database/db.ts';

/** A type alias, not an interface: the contract's loose summary needs an index signature. */
export type StepSummary = {
  from: string;
  to: string;
  moved: Record<string, number>;
  orders_moved: number;
  shipments_created: number;
  stuck: number;
  unstuck: number;
  unpaused: number;
  cancellations_honoured: number;
  replacements_approved: number;
  replacements_rejected: number;
  prescriptions_cancelled: number;
  more_due: boolean;
};

/** What a run of the simulation reads: the database, the simulated now, and the state's seed and odds. */
export interface RunContext {
  db: Db;
  /** The simulated now: everything due at or before it happens, each at its own due time. */
  now: Date;
  /** The base (wall) clock now: how long a station's open run holds its order is real time. */
  realNow: Date;
  seed: number;
  stuckProbability: number;
  /** Nothing the simulation does is due before this (when it started or the data was reset). */
  startedAt: string;
  work: Work;
}

export class Work {
  readonly summary: StepSummary;
  private movesLeft: number;
  private readonly deadline: number;
  private readonly ordersMoved = new Set<string>();

  /** At most `moves` changes and `ms` real milliseconds: a tick stays short so requests keep being answered. */
  constructor(from: Date, to: Date, moves: number, ms: number) {
    this.movesLeft = moves;
    this.deadline = performance.now() + ms;
    this.summary = {
      from: from.toISOString(),
      to: to.toISOString(),
      moved: {},
      orders_moved: 0,
      shipments_created: 0,
      stuck: 0,
      unstuck: 0,
      unpaused: 0,
      cancellations_honoured: 0,
      replacements_approved: 0,
      replacements_rejected: 0,
      prescriptions_cancelled: 0,
      more_due: false,
    };
  }

  /** May the run do one more change? When it may not, more is due and a later run carries on. */
  canMove(): boolean {
    if (this.movesLeft > 0 && performance.now() < this.deadline) return true;
    this.summary.more_due = true;
    return false;
  }

  /** How many candidates a query should fetch: more than the moves left, since some are not due yet. */
  get batch(): number {
    return Math.max(1, this.movesLeft * 2);
  }

  /** Counts one change to an order; `status` when it moved to a new status. */
  spend(orderId: string, status?: string): void {
    this.movesLeft--;
    if (status === undefined) return;
    this.summary.moved[status] = (this.summary.moved[status] ?? 0) + 1;
    if (!this.ordersMoved.has(orderId)) {
      this.ordersMoved.add(orderId);
      this.summary.orders_moved++;
    }
  }
}
