// What each document shows, read through window.station: the order, the prescription with its patient, prescriber and
// product, this station's verification, the settings (pharmacy, stock) and the service barcode. One reader per kind.
import { useQuery } from '@tanstack/react-query';
import type { DocumentRef } from '../../contract/documents.ts';
import type { AuditEntry } from '../../contract/ipc/audit.ts';
import type { Settings } from '../../contract/ipc/settings.ts';
import type { InventoryLot } from '../../contract/service/inventory.ts';
import type { Order } from '../../contract/service/orders.ts';
import type { PrescriptionDetail } from '../../contract/service/prescriptions.ts';
import { station, unwrap } from '../queries/station.ts';

export interface LabelData {
  kind: 'prescription_label';
  settings: Settings;
  order: Order;
  prescription: PrescriptionDetail;
  rxNumber: string | null;
  barcode: string;
  verification: AuditEntry | null;
}
export interface SlipData {
  kind: 'packing_slip';
  settings: Settings;
  order: Order;
  patientName: string | null;
  verification: AuditEntry | null;
}
export interface LotData {
  kind: 'lot_label';
  lot: InventoryLot;
  productName: string | null;
  barcode: string;
}
export interface BadgeData {
  kind: 'staff_badge';
  name: string;
  email: string;
  role: string | null;
  barcode: string;
}
export type DocumentData = LabelData | SlipData | LotData | BadgeData;

const settings = () => unwrap(station().settings.get());
const latestVerification = async (orderId: string) =>
  (await unwrap(station().audit.list({ orderId, limit: 20 }))).find((entry) => entry.outcome === 'verified') ?? null;
const barcodeOf = async (entityType: 'prescription' | 'inventory' | 'user', entityId: string) =>
  (await unwrap(station().print.barcode({ entityType, entityId }))).value;

async function labelData(orderId: string, prescriptionId: string): Promise<LabelData> {
  const [stationSettings, order, prescription, barcode, entries] = await Promise.all([
    settings(),
    unwrap(station().orders.get({ params: { order_id: orderId } })),
    unwrap(station().prescriptions.get({ params: { prescription_id: prescriptionId }, query: { include_all: true } })),
    barcodeOf('prescription', prescriptionId),
    unwrap(station().audit.list({ orderId, limit: 20 })),
  ]);
  const productId = prescription.prescription_product_id ?? null;
  const verification =
    entries.find((entry) =>
      entry.lines.some((line) => line.productId === productId && line.scanned === line.expected),
    ) ?? null;
  const rxNumber = prescription.electronic_prescription?.reference_number ?? null;
  return {
    kind: 'prescription_label',
    settings: stationSettings,
    order,
    prescription,
    rxNumber,
    barcode,
    verification,
  };
}

async function slipData(orderId: string): Promise<SlipData> {
  const [stationSettings, order, verification] = await Promise.all([
    settings(),
    unwrap(station().orders.get({ params: { order_id: orderId } })),
    latestVerification(orderId),
  ]);
  // The order carries its patient (the ship-to name); customer_id names the pharmacy's customer, not the patient.
  const patient = order.patient;
  const patientName = patient ? [patient.first_name, patient.last_name].filter(Boolean).join(' ') || null : null;
  return { kind: 'packing_slip', settings: stationSettings, order, patientName, verification };
}

async function lotData(lotId: string): Promise<LotData> {
  const [lot, barcode] = await Promise.all([
    unwrap(station().inventory.get({ params: { lot_id: lotId } })),
    barcodeOf('inventory', lotId),
  ]);
  const products = await unwrap(station().products.list()).catch(() => null);
  const all = products ? [...(products.prescription ?? []), ...(products.non_prescription ?? [])] : [];
  const productName = all.find((product) => product.id === lot.product_id)?.name ?? null;
  return { kind: 'lot_label', lot, productName, barcode };
}

async function badgeData(userId: string): Promise<BadgeData> {
  const [session, barcode] = await Promise.all([unwrap(station().session.state()), barcodeOf('user', userId)]);
  const user = session.user;
  if (!user || user.id !== userId) throw new Error('A badge shows the person signed in at this station.');
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return { kind: 'staff_badge', name, email: user.email, role: session.role, barcode };
}

export function readDocument(ref: DocumentRef): Promise<DocumentData> {
  switch (ref.kind) {
    case 'prescription_label':
      return labelData(ref.orderId, ref.prescriptionId);
    case 'packing_slip':
      return slipData(ref.orderId);
    case 'lot_label':
      return lotData(ref.lotId);
    case 'staff_badge':
      return badgeData(ref.userId);
  }
}

export const documentKey = (ref: DocumentRef) => ['documents', ref] as const;

export function useDocumentData(ref: DocumentRef) {
  return useQuery({ queryKey: documentKey(ref), queryFn: () => readDocument(ref), staleTime: 0 });
}
