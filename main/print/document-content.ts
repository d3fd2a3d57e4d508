// What a prepared document says, built in main from what main read (contract/rules/documents/ builds it): the label
// from the line the gate read (no second read), the slip from the order and this station's verification, the lot label
// and the badge from their records. Each carries the record's service barcode where it has one.

import type { DocumentRef } from '../../contract/documents.ts';
import type { DocumentContent } from '../../contract/rules/documents/content.ts';
import { prescriptionLabel } from '../../contract/rules/documents/label.ts';
import { lotLabel, packingSlip, staffBadge } from '../../contract/rules/documents/other-documents.ts';
import { operations } from '../../contract/service/operations.ts';
import schedules from '../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import type { Settings } from '../settings/index.ts';
import { activeOrIssuedBarcode } from './label-barcode.ts';
import { lotExpiriesOf } from './label-line.ts';
import { labelVocabulary } from './label-vocabulary.ts';
import { type PrintDecision, signedInUser } from './print-gate.ts';
import type { PrintParts } from './print-parts.ts';

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
      const barcode = await activeOrIssuedBarcode('prescription', line.prescription.id, parts);
      return prescriptionLabel({
        pharmacy: { name: settings.pharmacyName, address: settings.pharmacyAddress, phone: settings.pharmacyPhone },
        stock: settings.labelStock,
        prescription: line.prescription,
        barcode: barcode.value,
        verification: line.verifiedBy && { recordedAt: line.verifiedBy.recordedAt, lotExpiries: lotExpiriesOf(line) },
        now: new Date(parts.now()).toISOString(),
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
