// The order's documents: a prescription label per prescription line (with whether it may print yet) and the packing
// slip. The order view places it; each opens the print preview.
import { drugWithStrength } from '../../contract/documents.ts';
import type { Order } from '../../contract/service/orders.ts';
import type { PrescriptionItem } from '../../contract/service/prescriptions.ts';
import { useElectronicPrescriptions } from '../queries/order-detail.ts';
import { usePrintCheck } from '../queries/print.ts';
import { PrintButton } from './PrintDialog.tsx';

interface LabelLine {
  item: PrescriptionItem;
  rx: string | null;
}

function LabelEntry({ orderId, line }: { orderId: string; line: LabelLine }) {
  const ref = { kind: 'prescription_label', orderId, prescriptionId: line.item.id } as const;
  const check = usePrintCheck(ref);
  const drug = drugWithStrength(line.item.drug_name ?? line.item.name ?? 'Medication', line.item.strength);
  const state = check.data
    ? check.data.allowed
      ? check.data.awaitingFinalCheck
        ? `Verified: prints awaiting the pharmacist’s final check${check.data.copies > 0 ? ` (printed ${check.data.copies}×)` : ''}`
        : check.data.copies > 0
          ? `Printed ${check.data.copies}×`
          : 'Verified: ready to print'
      : check.data.blockedBy === 'pharmacy_missing'
        ? 'Pharmacy details missing'
        : check.data.blockedBy === 'record_unreachable'
          ? 'Pharmacy record unreachable: a pharmacist confirms the label'
          : 'Not verified yet'
    : null;
  return (
    <li className="order-document">
      <PrintButton document={ref}>
        Print label: {drug}
        {line.rx ? ` (Rx ${line.rx})` : ''}
      </PrintButton>
      {state ? <span className="muted"> {state}</span> : null}
    </li>
  );
}

export function OrderDocuments({ order }: { order: Order }) {
  const prescriptions = useElectronicPrescriptions(order.electronic_prescription_ids ?? []);
  const lines: LabelLine[] = prescriptions.flatMap((query) =>
    (query.data?.prescriptions ?? []).map((item) => ({ item, rx: query.data?.reference_number ?? null })),
  );
  const reading = prescriptions.some((query) => query.isPending);
  return (
    <section className="order-panel order-documents" aria-labelledby="order-documents-title">
      <h3 id="order-documents-title">Labels and documents</h3>
      <ul className="order-document-list">
        {lines.map((line) => (
          <LabelEntry key={line.item.id} orderId={order.id} line={line} />
        ))}
        {reading ? <li className="muted">Reading the prescriptions…</li> : null}
        {!reading && lines.length === 0 ? <li className="muted">No prescription line to label.</li> : null}
        <li className="order-document">
          <PrintButton document={{ kind: 'packing_slip', orderId: order.id }}>Packing slip</PrintButton>
        </li>
      </ul>
    </section>
  );
}
