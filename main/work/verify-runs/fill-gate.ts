// The pharmacist's gate in main: the prescriptions of an order as main reads them from the service (through its
// electronic prescriptions), the newest review decision of each in the pharmacy's record (any station's; an OK only
// while what it reviewed is what main reads now: main/work/review/record-reviews.ts), and the rules' room's answer
// (rules/verification/fill-gate.ts). The verification run and the print gate refuse by it.
import { operations } from '../../../contract/service/operations.ts';
import {
  holdsOfLines,
  holdWords,
  type LineHold,
  type PrescriptionForGate,
} from '../../../rules/verification/fill-gate.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { ServiceCaller, ServiceReader } from '../../service/calls/service-calls.ts';
import { type GateReviewParts, gateReviews } from '../review/record-reviews.ts';

type LineForGate = { productId: string; kind: string; name: string | null };
/** Reads one electronic prescription (`prescriptions.getElectronic`) by its path. */
type ReadElectronic = (input: {
  params: { electronic_prescription_id: string };
}) => Promise<{ prescriptions?: readonly PrescriptionForGate[] | null } | null>;

/** The order's prescriptions, read through its electronic prescriptions; null when any could not be read. */
export async function readOrderPrescriptions(
  order: { electronic_prescription_ids?: readonly string[] | null },
  read: ReadElectronic,
): Promise<PrescriptionForGate[] | null> {
  const ids = [...new Set(order.electronic_prescription_ids ?? [])];
  try {
    const all = await Promise.all(ids.map((id) => read({ params: { electronic_prescription_id: id } })));
    return all.flatMap((erx) => {
      const items = erx?.prescriptions;
      return Array.isArray(items) ? items : [];
    });
  } catch {
    return null;
  }
}

/** The holds on these lines now: the prescriptions as read, the review decisions as the pharmacy's record holds them. */
export async function holdsNow(
  lines: readonly LineForGate[],
  prescriptions: readonly PrescriptionForGate[] | null,
  parts: GateReviewParts,
): Promise<LineHold[]> {
  const ids = (prescriptions ?? []).map((prescription) => prescription.id);
  return holdsOfLines(lines, prescriptions, await gateReviews(ids, parts));
}

/** Refuses, saying why for each held line and naming its task, when any line is held. */
export function refuseHeld(holds: readonly LineHold[], taskName: (ref: string) => string | null, what: string): void {
  if (holds.length === 0) return;
  const words = holds.map((hold) => {
    const ref = hold.state.kind === 'held' ? (hold.state.review?.taskRef ?? null) : null;
    return holdWords(hold, ref ? taskName(ref) : null);
  });
  throw new StationError('not_allowed', `${what}: ${words.join(' ')}`, { holds: holds.map((h) => h.state.kind) });
}

/**
 * The pharmacist's gate of a run: refuses while a prescription line is not "OK to fill" (its reviews read now). With
 * `readAgain` (before a run is recorded) the order's prescriptions are read again too, so one cancelled at the service
 * since the run started stops it; when they cannot be read, the run's own reading stands.
 */
export async function holdPrescriptions(
  context: {
    lines: LineForGate[];
    prescriptions: PrescriptionForGate[] | null;
    order?: { electronicPrescriptionIds: readonly string[] };
  },
  parts: Pick<GateReviewParts, 'record' | 'audit'> & { read: ServiceReader; taskName(ref: string): string | null },
  what: string,
  readAgain = false,
): Promise<void> {
  const read: ServiceCaller = async (operation, input) => (await parts.read(operation, input)).value;
  const now =
    readAgain && context.order
      ? await readOrderPrescriptions(
          { electronic_prescription_ids: context.order.electronicPrescriptionIds },
          (input) => read(operations.prescriptions.getElectronic, input),
        )
      : null;
  const holds = await holdsNow(context.lines, now ?? context.prescriptions, {
    record: parts.record,
    audit: parts.audit,
    read,
  });
  refuseHeld(holds, parts.taskName, what);
}
