// An order verified here goes into the pharmacy's record before this station's audit log: the record takes one
// verification per order (compare-and-set), so when another station's is there first this one is refused and
// nothing is recorded here; each controlled count goes there with its witness. Who verified is main's session; the
// lines, counts and lots are main's own run; what was dispensed (patient, drugs, schedules, prescriptions) is what main
// read for the run (for the inspector's report).
import type { AuditRecordInput } from '../../../contract/ipc/audit.ts';
import type { SignOff } from '../../../contract/ipc/sign-off.ts';
import { dispensedOf } from '../../../rules/reports/dispensed-part.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import type { Person } from '../../events/record/record.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { RunContext } from './run-context.ts';
import type { RunParts } from './run-parts.ts';

/** The signed-in person as the record names them (their service id, name and confirmed role; never an email). */
export function recordPerson(parts: Pick<RunParts, 'signedIn'>): Person {
  const { user, role } = parts.signedIn();
  return { id: user.id, name: (nameOf(user) ?? 'a signed-in person').slice(0, 200), role: role?.slice(0, 40) ?? null };
}

/** Another station's verification of the order in the record, as the person at this one reads it; else null. */
export function verifiedElsewhere(parts: Pick<RunParts, 'record'>, orderId: string): string | null {
  const first = parts.record.verificationOf(orderId);
  if (!first || first.station.key === parts.record.station.key) return null;
  return `Already verified at ${first.station.name} by ${first.person.name}: a second verification of this order is refused.`;
}

/** Writes the verification to the record; refuses (conflict) when the order is verified there already. */
export async function verifiedInRecord(
  parts: RunParts,
  input: AuditRecordInput,
  signOffs: readonly SignOff[],
  context: Pick<RunContext, 'order' | 'lines' | 'prescriptions'>,
  prescriptionIds: readonly string[] = [],
) {
  const lots = (productId: string) => [
    ...new Set(input.scans.filter((s) => s.productId === productId && s.lot).map((s) => String(s.lot).slice(0, 200))),
  ];
  const final = signOffs.find((s) => s.purpose === 'final_check');
  // Made while the record is away: the fact says so, signed, so on return (after a restart too) it is held against
  // the holds other stations gave meanwhile (main/station/holds-on-return.ts).
  const status = parts.record.status();
  const away =
    status.state === 'unreachable' ? { since: status.since, prescription_ids: prescriptionIds.slice(0, 100) } : null;
  const outcome = await parts.record.verified({
    order_id: input.orderId,
    order_number: input.orderNumber,
    person: recordPerson(parts),
    lines: input.lines.map((line) => ({
      product_id: line.productId,
      counted: line.scanned,
      lots: lots(line.productId).slice(0, 20),
    })),
    final_check: final
      ? { by: (final.by.name ?? 'a pharmacist').slice(0, 200), grounds: final.note.slice(0, 1000) }
      : null,
    dispensed: dispensedOf(context.order, context.lines, context.prescriptions),
    ...(away ? { record_away: away } : {}),
  });
  if (!outcome.ok) throw new StationError('conflict', outcome.message);
  // Each controlled line's count and the pharmacist who witnessed it.
  for (const signOff of signOffs.filter((s) => s.purpose === 'controlled_count' && s.productId)) {
    const line = input.lines.find((l) => l.productId === signOff.productId);
    if (!line) continue;
    await parts.record.append({
      kind: 'controlled_count',
      person: recordPerson(parts),
      order_id: input.orderId,
      order_number: input.orderNumber,
      product_id: line.productId,
      count: line.scanned,
      witness: (signOff.by.name ?? 'a pharmacist').slice(0, 200),
    });
  }
}
