// What main reads itself before and while it verifies an order: the order (its lines, quantities and controlled flags),
// the catalogue and lots (to know every code), its status and who picked it. Never what the renderer says. An order
// shipping to a state the pharmacy is not licensed in starts no run (rules/verification/ship-to-licence.ts).

import type { AnyOperation } from '../../../contract/service/operation.ts';
import { operations } from '../../../contract/service/operations.ts';
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import { buildCatalogueIndex, type CatalogueIndex } from '../../../rules/verification/catalogue-index.ts';
import type { PrescriptionForGate } from '../../../rules/verification/fill-gate.ts';
import { linesOfOrder, type VerifyLine } from '../../../rules/verification/lines.ts';
import { unlicensedShipTo } from '../../../rules/verification/ship-to-licence.ts';
import { type Picker, pickerOf } from '../../../rules/verification/who-may-verify.ts';
import { serviceName } from '../../../rules/words/person-name.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { CallInput } from '../../service/client/types.ts';
import { readOrderPrescriptions } from './fill-gate.ts';
import { refuseStoppedOrder } from './order-standing.ts';
import type { RunParts } from './run-parts.ts';

export interface RunContext {
  order: {
    id: string;
    orderNumber: string | null;
    status: string | null;
    /** The order's patient and electronic prescriptions as main read them: kept with the record (the print gate's). */
    patientId: string | null;
    electronicPrescriptionIds: string[];
    /** The patient as the order names them, for the pharmacy's record of what was dispensed. */
    patient?: { name: string | null; dateOfBirth: string | null };
  };
  lines: VerifyLine[];
  index: CatalogueIndex;
  /** Who the status history names as the picker; null when nobody (or it could not be read). */
  picker: Picker | null;
  /** The order's prescriptions as the service answers them (status, product), for the pharmacist's gate; null unread. */
  prescriptions: PrescriptionForGate[] | null;
  /** Something here came from what this station read earlier, the service being down. */
  offline: boolean;
}

/** A read that may fail without holding the run back (the catalogue, the history): null then. */
async function optional<O extends AnyOperation>(parts: RunParts, operation: O, input: CallInput<O>) {
  try {
    return await parts.read(operation, input);
  } catch {
    return null;
  }
}

/** The order, or a clear refusal: a run whose order main cannot read does not start. */
async function readOrder(parts: RunParts, orderId: string) {
  try {
    return await parts.read(operations.orders.get, { params: { order_id: orderId } });
  } catch (error) {
    const code = error instanceof StationError ? error.code : null;
    const why =
      code === 'offline'
        ? 'the service is not answering and this station has not read that order'
        : code === 'not_found'
          ? 'the service does not know that order'
          : 'the order could not be read';
    throw new StationError(
      code === 'offline' ? 'offline' : 'not_found',
      `This verification cannot start: ${why}. Open the order again when it can be read.`,
    );
  }
}

export async function readRunContext(parts: RunParts, orderId: string): Promise<RunContext> {
  const params = { params: { order_id: orderId } };
  const [orderRead, catalogue, inventory, history] = await Promise.all([
    readOrder(parts, orderId),
    optional(parts, operations.products.list, {}),
    optional(parts, operations.inventory.list, {}),
    optional(parts, operations.orders.statusHistory, params),
  ]);
  const order = orderRead.value;
  refuseStoppedOrder(order);
  const unlicensed = unlicensedShipTo(order, await parts.licensedStates());
  if (unlicensed) throw new StationError('conflict', unlicensed);
  const prescriptions = await readOrderPrescriptions(
    order,
    async (id) => (await parts.read(operations.prescriptions.getElectronic, id)).value,
  );
  const lines = linesOfOrder(order.products, schedules);
  if (lines.length === 0) {
    throw new StationError('invalid_input', `Order ${order.order_number ?? orderId} has no product lines to verify.`);
  }
  const index = buildCatalogueIndex(order.products, catalogue?.value ?? null, inventory?.value ?? null);
  const steps = Array.isArray(history?.value) ? history.value : null;
  return {
    order: {
      id: order.id,
      orderNumber: typeof order.order_number === 'string' && order.order_number ? order.order_number : null,
      status: typeof order.status === 'string' ? order.status : null,
      patientId: typeof order.patient?.id === 'string' ? order.patient.id : null,
      electronicPrescriptionIds: [...new Set(order.electronic_prescription_ids ?? [])],
      patient: { name: serviceName(order.patient), dateOfBirth: order.patient?.date_of_birth ?? null },
    },
    lines,
    index,
    picker: pickerOf(steps),
    prescriptions,
    offline: orderRead.asOf !== null || parts.isOffline(),
  };
}
