// A verification made during a hold elsewhere, found on return: once the pharmacy's record is back and this station's
// queue is published, each verification it made while away is held against the review decisions of its order's
// prescriptions as they stood when it was made; a hold another station gave before it (unseen here) puts a
// `verified_during_hold` fact into the record. Every station raises the pharmacist's alarm for each such fact, once.
import type { FactOf } from '../../contract/pharmacy-record.ts';
import type { DesktopNotification, NotificationPort } from '../events/notify/port.ts';
import type { PharmacyRecord } from '../events/record/record.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { StationEmitter } from './emitter.ts';

/** The hold in force on a prescription when `at` came, given at another station than `own`; null when none. */
export function holdInForce(
  reviews: readonly FactOf<'prescription_reviewed'>[],
  at: string,
  own: string,
): FactOf<'prescription_reviewed'> | null {
  const inForce = reviews.filter((fact) => Date.parse(fact.at) <= Date.parse(at)).at(-1);
  if (!inForce || inForce.decision === 'reviewed' || inForce.station.key === own) return null;
  return inForce;
}

/** The pharmacist's alarm for a verification made during a hold (the order's number, no patient, no drug). */
export function heldAlarm(fact: FactOf<'verified_during_hold'>, click: () => void): DesktopNotification {
  const order = fact.order_number ? `Order ${fact.order_number}` : 'An order';
  return {
    title: 'Order verified during a hold',
    body: `${order} was verified at ${fact.station.name} while the pharmacy record could not be reached, during a hold given at ${fact.held_at}. A pharmacist checks it before anything goes out.`,
    orderId: fact.order_id,
    count: 1,
    eventKeys: [`record.held:${fact.id}`],
    click,
  };
}

export interface HoldsOnReturnParts {
  record: PharmacyRecord;
  notifications: NotificationPort;
  emitter: Pick<StationEmitter, 'emit'>;
  log: Logger;
}

/** Follows the record: checks this station's away verifications on return and alarms for every station's findings. */
export function followHoldsOnReturn(parts: HoldsOnReturnParts): () => void {
  const { record } = parts;
  // Findings already in the record when the station starts were alarmed at the time.
  const alarmed = new Set(record.factsOf('verified_during_hold').map((fact) => fact.id));
  let checking = false;
  let again = false;
  const look = async (): Promise<void> => {
    const status = record.status();
    if (status.state === 'reachable' && status.pending === 0) {
      // A change heard while a check runs is checked after it: a hold read back meanwhile is never missed.
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      try {
        do {
          again = false;
          await checkAway(parts);
        } while (again);
      } finally {
        checking = false;
      }
    }
    for (const fact of record.factsOf('verified_during_hold')) {
      if (alarmed.has(fact.id)) continue;
      alarmed.add(fact.id);
      parts.log.warn('an order was verified during a hold elsewhere', { order: fact.order_number });
      const click = () => parts.emitter.emit('notification.clicked', { orderId: fact.order_id });
      parts.notifications.show(heldAlarm(fact, click));
    }
  };
  return record.onChange(() => {
    void look().catch((error: unknown) =>
      parts.log.warn('a verification made while the record was away was not checked', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  });
}

async function checkAway({ record }: HoldsOnReturnParts): Promise<void> {
  // Each is looked at until it is settled: a hold found (its finding is in the record) or another station's
  // verification standing. One with no hold is looked at again on the next change: a hold given before it at a station
  // that was away too may come back later.
  const found = new Set(record.factsOf('verified_during_hold').map((fact) => fact.verification_fact));
  const away = record.awayVerifications().filter((one) => !found.has(one.fact.id));
  if (away.length === 0) return;
  // Each prescription's decisions, oldest first, read once for the whole look.
  const reviews = Map.groupBy(record.factsOf('prescription_reviewed'), (fact) => fact.prescription_id);
  for (const { fact, prescriptionIds } of away) {
    // Another station's verification came first: that conflict is told already. Not read back yet: wait.
    const standing = record.verificationOf(fact.order_id);
    if (standing?.id !== fact.id) continue;
    for (const prescriptionId of prescriptionIds) {
      const hold = holdInForce(reviews.get(prescriptionId) ?? [], fact.at, record.station.key);
      if (!hold || hold.decision === 'reviewed') continue;
      await record.append({
        kind: 'verified_during_hold',
        person: fact.person,
        order_id: fact.order_id,
        order_number: fact.order_number,
        prescription_id: prescriptionId,
        held_at: hold.station.name,
        hold: hold.decision,
        verification_fact: fact.id,
      });
      break;
    }
  }
}
