// The pharmacist's final check by scan, decided in main: the list of orders waiting for it is read from the pharmacy's
// record (every station shows the same); a check takes only the raw texts scanned from the stock bottle and the label,
// and main reads the rest itself — the order's verification in the record, the order, its prescriptions, the catalogue
// and lots (the bottle's UPC, NDC or GS1 DataMatrix read as at fill), and what the label's code names at the service.
// A mismatch is a hard stop; either way the check goes into the record and this station's audit log.
import type { FinalCheckOutcome, FinalCheckQueueView } from '../../../contract/ipc/final-check-channels.ts';
import type { FactOf } from '../../../contract/pharmacy-record.ts';
import { operations } from '../../../contract/service/operations.ts';
import { buildCatalogueIndex } from '../../../rules/verification/catalogue-index.ts';
import { readScannedCode } from '../../../rules/verification/codes/scanned-code.ts';
import { finalCheckQueue } from '../../../rules/verification/final-check-queue.ts';
import {
  type BottleReading,
  type FinalCheckLine,
  judgeFinalCheck,
  type LabelReading,
} from '../../../rules/verification/final-check-scan.ts';
import { localToday } from '../../../rules/verification/lines.ts';
import { matchCode } from '../../../rules/verification/match.ts';
import { whyNotCompletable } from '../../../rules/verification/order-standing.ts';
import type { AuditLog, AuditUser } from '../../audit/index.ts';
import type { Person, PharmacyRecord } from '../../events/record/record.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { ServiceReader } from '../../service/calls/service-calls.ts';
import { readOrderPrescriptions } from '../verify-runs/fill-gate.ts';
import { matchServiceBarcode } from '../verify-runs/scan-step.ts';

export interface FinalCheckParts {
  record: Pick<PharmacyRecord, 'factsOf' | 'verificationOf' | 'append'>;
  audit: Pick<AuditLog, 'recordFinalCheck'>;
  read: ServiceReader;
  /** Refuses unless the signed-in person's confirmed role makes final checks (a pharmacist). */
  requirePharmacist(): void;
  techCheckTechAllowed(): boolean;
  who(): { user: AuditUser; person: Person };
  now(): number;
}

export function readFinalCheckQueue(parts: FinalCheckParts): FinalCheckQueueView {
  const allowed = parts.techCheckTechAllowed();
  const orders = finalCheckQueue(
    allowed,
    parts.record.factsOf('order_verified'),
    parts.record.factsOf('final_checked'),
  );
  return { needed: !allowed, orders };
}

/** The technician's verification in the record that waits for this final check, or a clear refusal. */
function waitingVerification(orderId: string, parts: FinalCheckParts): FactOf<'order_verified'> {
  if (parts.techCheckTechAllowed()) {
    throw new StationError('conflict', 'Tech-check-tech is allowed at this pharmacy: no final check is waiting.');
  }
  const verified = parts.record.verificationOf(orderId);
  if (!verified) {
    throw new StationError('not_found', 'This order is not verified in the pharmacy’s record: nothing to check yet.');
  }
  if (verified.final_check) {
    throw new StationError(
      'conflict',
      `A pharmacist verified this order (${verified.final_check.by}): that was its final check.`,
    );
  }
  return verified;
}

/** What the stock bottle's code names in the catalogue main read (a lot label asked of the service); null: nothing. */
async function readBottle(code: string, order: Parameters<typeof buildCatalogueIndex>[0], parts: FinalCheckParts) {
  const read = readScannedCode(code);
  if (!read.ok) throw new StationError('invalid_input', `The bottle’s code could not be read: ${read.message}`);
  const optional = <T>(promise: Promise<{ value: T }>) => promise.then((r) => r.value).catch(() => null);
  const [catalogue, inventory] = await Promise.all([
    optional(parts.read(operations.products.list, {})),
    optional(parts.read(operations.inventory.list, {})),
  ]);
  const index = buildCatalogueIndex(order, catalogue, inventory);
  let match = matchCode(read.code, index, localToday(new Date(parts.now())));
  if (match.kind === 'service_barcode') match = await matchServiceBarcode(read.code.raw, index, parts);
  if (match.kind !== 'product') return null;
  return { productIds: match.match.productIds, lotNumber: match.match.lotNumber } satisfies BottleReading;
}

/** What the label's code names at the service (the station's labels carry the prescription's service barcode). */
async function readLabel(code: string, parts: FinalCheckParts): Promise<LabelReading | null> {
  try {
    const barcode = (await parts.read(operations.barcodes.verify, { body: { barcode_value: code.trim() } })).value;
    return { type: String(barcode.entity_type).toLowerCase(), id: String(barcode.entity_id) };
  } catch (error) {
    if (error instanceof StationError && error.code === 'offline') {
      throw new StationError('offline', 'The service is not answering, so the label’s code cannot be checked now.');
    }
    return null;
  }
}

export async function finalCheckByScan(
  input: { orderId: string; productCode: string; labelCode: string },
  parts: FinalCheckParts,
): Promise<FinalCheckOutcome> {
  parts.requirePharmacist();
  const verified = waitingVerification(input.orderId, parts);
  const order = (await parts.read(operations.orders.get, { params: { order_id: input.orderId } })).value;
  const stopped = whyNotCompletable(order);
  if (stopped) throw new StationError('conflict', `No final check: ${stopped.replace(': it cannot be verified', '')}`);
  const prescriptions = await readOrderPrescriptions(
    order,
    async (id) => (await parts.read(operations.prescriptions.getElectronic, id)).value,
  );
  if (!prescriptions) throw new StationError('offline', 'The order’s prescriptions could not be read: try again.');
  const passed = parts.record
    .factsOf('final_checked')
    .filter((fact) => fact.order_id === input.orderId && fact.outcome === 'passed');
  const names = new Map((order.products?.prescription ?? []).map((p) => [p.id, p.name ?? p.sku ?? p.id]));
  const lines: FinalCheckLine[] = verified.lines.flatMap((line) => {
    const rx = prescriptions.find((each) => each.prescription_product_id === line.product_id);
    if (!rx) return [];
    const drug = names.get(line.product_id) ?? rx.drug_name ?? rx.name ?? 'the prescribed drug';
    const checked = passed.some((fact) => fact.prescription_id === rx.id);
    return [{ prescriptionId: rx.id, productId: line.product_id, drug, lots: line.lots, checked }];
  });
  const bottle = await readBottle(input.productCode, order.products, parts);
  const label = await readLabel(input.labelCode, parts);
  const verdict = judgeFinalCheck(lines, bottle, label);
  const line = verdict.line;
  const { user, person } = parts.who();
  const orderDone = verdict.outcome === 'passed' && verdict.orderDone;
  const reason = verdict.outcome === 'stopped' ? verdict.message : '';
  const lot = bottle?.lotNumber?.slice(0, 200) ?? null;
  await parts.record.append({
    kind: 'final_checked',
    person,
    order_id: input.orderId,
    order_number: verified.order_number,
    prescription_id: line?.prescriptionId ?? null,
    product_id: line?.productId ?? null,
    outcome: verdict.outcome,
    reason,
    lot,
    order_done: orderDone,
  });
  parts.audit.recordFinalCheck(
    {
      orderId: input.orderId,
      orderNumber: verified.order_number,
      prescriptionId: line?.prescriptionId ?? null,
      productId: line?.productId ?? null,
      outcome: verdict.outcome,
      stop: verdict.outcome === 'stopped' ? verdict.stop : null,
      productCode: input.productCode,
      labelCode: input.labelCode,
      lot,
      reason,
    },
    user,
  );
  if (verdict.outcome === 'stopped') {
    return { outcome: 'stopped', stop: verdict.stop, message: verdict.message, drug: line?.drug ?? null, orderDone };
  }
  const rest = orderDone ? 'Every prescription line of this order is checked.' : 'Check the next prescription line.';
  const message = `Final check passed: ${verdict.line.drug} is the product counted and its label. The label is released as final. ${rest}`;
  return { outcome: 'passed', stop: null, message, drug: verdict.line.drug, orderDone };
}

/** A final check by scan passed for this prescription of this order, in the pharmacy's record (any station's). */
export function finalCheckPassed(
  record: Pick<PharmacyRecord, 'factsOf'>,
  orderId: string,
  prescriptionId: string,
): boolean {
  return record
    .factsOf('final_checked')
    .some((f) => f.order_id === orderId && f.prescription_id === prescriptionId && f.outcome === 'passed');
}
