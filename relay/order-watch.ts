// The relay watches the orders a station has claimed for verification (read from the stream's station subjects) and
// reads each by id every 5 s with its service account while the claim lives (a station's verify screen renews it every
// 30 s, told on the stream each time; 2 minutes without a renewal and it is let go): a cancellation, a hold or a change
// of items is published
// as a service event, so every station learns it within seconds, not at its next poll. One reader for the pharmacy.
import { DeliverPolicy, type JsMsg, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { CLAIM_LIVES_MS } from '../contract/pharmacy-record.ts';
import {
  PHARMACY_STREAM,
  type ServiceEventMessage,
  STATION_SUBJECT_PREFIX,
  type StationShareMessage,
} from '../contract/pharmacy-stream.ts';
import { orderStatusOf } from '../contract/service/order-status.ts';
import { order as orderSchema } from '../contract/service/orders.ts';
import { eventKey } from '../kits/event-keys/keys.ts';
import {
  changeEvents,
  itemsFingerprint,
  type OrderLook,
  orderChangeDelivery,
} from '../kits/event-keys/order-change.ts';
import type { Enrolments } from '../kits/signed-facts/enrolments.ts';
import { deliveredMessage, readShare } from '../kits/signed-facts/signed-shares.ts';
import type { createServiceSession } from './service-account.ts';

/** A claimed order is read at most this often: the service's cost is one read per claimed order per 5 s. */
export const DEFAULT_WATCH_INTERVAL_MS = 5_000;

/** The most claimed orders followed at once unless told otherwise. */
export const DEFAULT_MAX_WATCHED = 500;

/** The changes that stop a technician; the others (created, shipped) come by webhook. */
const WATCHED_CODES = new Set([
  'order.cancelled',
  'order.paused',
  'order.items_changed',
  'order.cancellation_requested',
]);

export interface OrderWatchOptions {
  session: ReturnType<typeof createServiceSession>;
  publish: (message: ServiceEventMessage) => Promise<unknown>;
  now?: () => number;
  /** Default DEFAULT_WATCH_INTERVAL_MS (5 s). */
  intervalMs?: number;
  /** How many orders at most are read per round (default 50): claims beyond wait their turn. */
  maxPerRound?: number;
  /** How many claimed orders it follows at most (default 500): past it the oldest claim is let go. */
  maxWatched?: number;
  /**
   * The pharmacy's enrolments: a share is followed only for the signature of a station key enrolled under its name.
   * Absent (no `--pharmacy-key`): every share kept on its order's subject is followed, as before enrolment.
   */
  enrolments?: Enrolments;
}

export interface OrderWatch {
  /** Follows the stations' claims on the stream from `nc` (last message per order), reads the claimed orders. */
  start(nc: NatsConnection): Promise<void>;
  stop(): void;
  watching(): string[];
  /** Reads made since start (the relay's cost, logged each minute). */
  reads(): number;
}

export function createOrderWatch(options: OrderWatchOptions): OrderWatch {
  const now = options.now ?? Date.now;
  const claimed = new Map<string, number>();
  const seen = new Map<string, OrderLook>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let close: (() => void) | null = null;
  let reads = 0;
  let busy = false;

  /** The watch list stays bounded: a flood of claims costs the oldest claim its watch, never the relay its memory. */
  const forgetOldest = () => {
    let oldest: [string, number] | null = null;
    for (const entry of claimed) if (oldest === null || entry[1] < oldest[1]) oldest = entry;
    if (oldest === null) return;
    claimed.delete(oldest[0]);
    seen.delete(oldest[0]);
  };

  /** The share in a message, if the relay believes it (an enrolment not read yet: the record is read again first). */
  const shareOf = async (nc: NatsConnection, message: JsMsg): Promise<StationShareMessage | null> => {
    const read = () => readShare(deliveredMessage(message), options.enrolments?.trust);
    let belief = read();
    if (belief.belief === 'not yet') {
      await options.enrolments?.refresh(nc).catch(() => undefined);
      belief = read();
    }
    return belief.belief === 'believed' ? belief.share : null;
  };

  const follow = (share: StationShareMessage | null) => {
    if (!share || share.kind === 'reviewed') return;
    if (share.kind === 'claimed') {
      claimed.set(share.subject_id, Date.parse(share.at) || now());
      if (claimed.size > (options.maxWatched ?? DEFAULT_MAX_WATCHED)) forgetOldest();
    }
    if (share.kind === 'released' || share.kind === 'verified') {
      claimed.delete(share.subject_id);
      seen.delete(share.subject_id);
    }
  };

  async function readOne(orderId: string): Promise<void> {
    reads++;
    const parsed = orderSchema.safeParse(
      await options.session.get('order read', `/api/v1/orders/${encodeURIComponent(orderId)}`),
    );
    if (!parsed.success) return;
    const look: OrderLook = {
      status: orderStatusOf(parsed.data),
      items: itemsFingerprint(parsed.data),
      cancellationRequested: parsed.data.cancellation_requested === true,
    };
    // The first look compares with an order as yet unknown: one cancelled or held before the relay read it (between the
    // claim and the first round) is told too; a change of items needs a look before it.
    const before = seen.get(orderId) ?? { status: 'unknown', items: null };
    seen.set(orderId, look);
    for (const code of changeEvents(before, look).filter((c) => WATCHED_CODES.has(c))) {
      const delivery = orderChangeDelivery(parsed.data, code, look.items);
      await options.publish({
        key: eventKey(delivery),
        event_code: code,
        data: {
          id: parsed.data.id,
          url: '',
          order_number: parsed.data.order_number ?? null,
          status: look.status,
          status_code: parsed.data.status_code ?? null,
          status_name: parsed.data.status_name ?? null,
        },
        received_at: new Date(now()).toISOString(),
      });
    }
  }

  async function round(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      for (const [orderId, at] of claimed) {
        // The record's rule: a claim lives 2 minutes past its last heartbeat, and so does its watch.
        if (now() - at <= CLAIM_LIVES_MS) continue;
        claimed.delete(orderId);
        seen.delete(orderId);
      }
      for (const orderId of [...claimed.keys()].slice(0, options.maxPerRound ?? 50)) {
        // One order that cannot be read does not stop the others; it is read again next round.
        await readOne(orderId).catch(() => undefined);
      }
    } finally {
      busy = false;
    }
  }

  return {
    watching: () => [...claimed.keys()],
    reads: () => reads,
    async start(nc) {
      const consumer = await jetstream(nc).consumers.get(PHARMACY_STREAM, {
        filter_subjects: `${STATION_SUBJECT_PREFIX}.order.>`,
        deliver_policy: DeliverPolicy.LastPerSubject,
      });
      const messages = await consumer.consume();
      close = () => void messages.close();
      await options.enrolments?.refresh(nc);
      void (async () => {
        for await (const message of messages) follow(await shareOf(nc, message));
      })();
      timer ??= setInterval(() => void round(), options.intervalMs ?? DEFAULT_WATCH_INTERVAL_MS);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      close?.();
    },
  };
}
