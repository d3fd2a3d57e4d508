// What a prepared document says, built in main from what main read (rules/documents/ builds it): the label
// from the line the gate read (no second read), the slip from the order and this station's verification, the lot label
// and the badge from their records. Each carries the record's service barcode where it has one (its active one, or one
// issued now), and a label's warnings are chosen from the vocabulary in resources/vocabulary/. A verified label that
// counted a lot reads that lot once more, for its manufacturer.

import type { DocumentContent } from '../../../contract/document-content.ts';
import type { DocumentRef } from '../../../contract/documents.ts';
import { operations } from '../../../contract/service/operations.ts';
import warnings from '../../../resources/vocabulary/auxiliary-warnings.json' with { type: 'json' };
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import table from '../../../resources/vocabulary/drug-classes.json' with { type: 'json' };
import { prescriptionLabel } from '../../../rules/documents/label.ts';
import { lotLabel, packingSlip, staffBadge } from '../../../rules/documents/other-documents.ts';
import type { WarningVocabulary } from '../../../rules/documents/warnings.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { Settings } from '../../service/settings/index.ts';
import { type LabelLine, lotExpiriesOf, lotIdsOf } from './label-line.ts';
import { type PrintDecision, signedInUser } from './print-gate.ts';
import type { PrintParts } from './print-parts.ts';

// The vocabulary a label's auxiliary warnings are chosen from (rules/documents/warnings.ts): the warnings by
// class and the drug classes, read from resources/vocabulary/.
const groups: Record<string, { drugs: string[] }> = table.drugGroups;
const drugsOf = (ids: readonly string[]) => ids.flatMap((id) => groups[id]?.drugs ?? []);

export const labelVocabulary: WarningVocabulary = {
  classes: warnings.classes,
  controlled: warnings.controlled,
  allergyClasses: table.allergyClasses.map((each) => ({ id: each.id, drugs: drugsOf(each.drugGroups) })),
  therapyClasses: table.therapyClasses.map((each) => ({ name: each.name, drugs: drugsOf(each.drugGroups) })),
};

// The service barcode a label carries: the record's active one when it has one, else one issued now. Issuing retires
// the earlier labels of that record, so a reprint must never issue again; two asks at once share one issue.
type EntityType = 'prescription' | 'inventory' | 'user';

/** The asks running now, by record: two previews of one label opened at once share one issue. */
const inFlight = new Map<string, Promise<{ value: string }>>();

async function readOrIssue(entityType: EntityType, entityId: string, parts: PrintParts): Promise<{ value: string }> {
  const params = { entity_type: entityType, entity_id: entityId };
  const listed = await parts.read(operations.barcodes.list, { params, query: { is_active: true } });
  const active = listed.filter((barcode) => barcode.value && barcode.is_active !== false).at(-1);
  if (active?.value) return { value: active.value };
  const issued = await parts.write(operations.barcodes.create, { params, body: {} });
  if (!issued.value) throw new StationError('invalid_response', 'The service issued a barcode without a value.');
  parts.log.info('a label barcode was issued', { entityType });
  return { value: issued.value };
}

function activeOrIssuedBarcode(entityType: EntityType, entityId: string, parts: PrintParts) {
  const key = `${entityType}/${entityId}`;
  const running = inFlight.get(key);
  if (running) return running;
  const flight = readOrIssue(entityType, entityId, parts).finally(() => inFlight.delete(key));
  inFlight.set(key, flight);
  return flight;
}

/** The manufacturer of the first lot the verification counted for this line (one read), null when none was scanned. */
async function manufacturerOf(line: LabelLine, parts: PrintParts): Promise<string | null> {
  const [lotId] = lotIdsOf(line);
  if (!lotId) return null;
  const lot = await parts.read(operations.inventory.get, { params: { lot_id: lotId } }).catch(() => null);
  return lot?.manufacturer ?? null;
}

/** The pharmacist whose latest review of the prescription said "OK to fill", as the audit log names them. */
function okToFillBy(line: LabelLine, parts: PrintParts): string | null {
  const reviews = parts.audit.reviews({ prescriptionId: line.prescription.id, limit: 5 });
  const latest = reviews[0];
  return latest?.decision === 'reviewed' ? (latest.user.name ?? null) : null;
}

async function slipContent(orderId: string, settings: Settings, parts: PrintParts) {
  const order = await parts.read(operations.orders.get, { params: { order_id: orderId } });
  const verified = parts.audit.list({ orderId, limit: 20 }).find((entry) => entry.outcome === 'verified') ?? null;
  const verification = verified && {
    by: verified.user.name ?? verified.user.email,
    recordedAt: verified.recordedAt,
    lots: verified.scans.flatMap((scan) =>
      scan.result === 'counted' && scan.productId && scan.lot
        ? [{ productId: scan.productId, lot: scan.lot, expiry: scan.expiry ?? null }]
        : [],
    ),
  };
  const pharmacy = { name: settings.pharmacyName, address: settings.pharmacyAddress, phone: settings.pharmacyPhone };
  return packingSlip({ pharmacy, order, verification });
}

async function lotContent(lotId: string, parts: PrintParts) {
  const [lot, products, barcode] = await Promise.all([
    parts.read(operations.inventory.get, { params: { lot_id: lotId } }),
    parts.read(operations.products.list, {}).catch(() => null),
    activeOrIssuedBarcode('inventory', lotId, parts),
  ]);
  const all = [...(products?.prescription ?? []), ...(products?.non_prescription ?? [])];
  return lotLabel(lot, all.find((product) => product.id === lot.product_id)?.name ?? null, barcode.value);
}

/** The content of a document main decided about; null when a label or a slip cannot be drawn (the pharmacy is not set). */
export async function contentOf(
  document: DocumentRef,
  decision: PrintDecision,
  settings: Settings,
  parts: PrintParts,
): Promise<DocumentContent | null> {
  switch (document.kind) {
    case 'prescription_label': {
      const line = decision.line;
      if (!line || !settings.pharmacyName || !settings.pharmacyAddress || !settings.pharmacyPhone) return null;
      const [barcode, manufacturer] = await Promise.all([
        activeOrIssuedBarcode('prescription', line.prescription.id, parts),
        manufacturerOf(line, parts),
      ]);
      return prescriptionLabel({
        pharmacy: { name: settings.pharmacyName, address: settings.pharmacyAddress, phone: settings.pharmacyPhone },
        stock: settings.labelStock,
        prescription: line.prescription,
        barcode: barcode.value,
        verification: line.verifiedBy && { recordedAt: line.verifiedBy.recordedAt, lotExpiries: lotExpiriesOf(line) },
        now: new Date(parts.now()).toISOString(),
        manufacturer,
        pharmacist: okToFillBy(line, parts),
        awaitingFinalCheck: decision.check.awaitingFinalCheck !== null,
        vocabulary: labelVocabulary,
        schedules,
      });
    }
    case 'packing_slip':
      // Never a slip with a blank header or a returns note without a number to call.
      return decision.check.blockedBy === 'pharmacy_missing' ? null : slipContent(document.orderId, settings, parts);
    case 'lot_label':
      return lotContent(document.lotId, parts);
    case 'staff_badge': {
      const { user, role } = signedInUser(parts);
      if (user.id !== document.userId) return null;
      const barcode = await activeOrIssuedBarcode('user', document.userId, parts);
      return staffBadge(user, role, barcode.value);
    }
    case 'practice_bin':
    case 'competency_record':
      return parts.drillDocuments.content(document);
  }
}

/** A label awaiting the final check made final by a pharmacist's confirmation at the print step: the band comes off. */
export function finalLabel(content: DocumentContent): DocumentContent {
  if (content.kind !== 'prescription_label' || content.band === undefined) return content;
  const { band: _band, ...final } = content;
  return final;
}

/** What a refused label's preview says in place of its patient: the name is only on a copy main allows. */
export const WITHHELD_PATIENT = 'Patient withheld until this label may print';

/**
 * What the page may hold of a document main refused: a label without its live barcode (empty, drawn as "no barcode")
 * and without its patient; the real content stays in the ticket, answered by print:document once main allows the copy.
 */
export function refusedPreview(content: DocumentContent): DocumentContent {
  if (content.kind !== 'prescription_label') return content;
  return { ...content, patient: WITHHELD_PATIENT, barcode: '' };
}
