// A prescription label printed here goes into the pharmacy's record too (after this station's audit log kept it): the
// order, the prescription, the hash of exactly what was printed and which copy, the lot numbers its verification
// counted, whether it was printed awaiting the pharmacist's final check, by the person signed in.
import type { DocumentRef } from '../../../contract/documents.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import type { PharmacyRecord } from '../../events/record/record.ts';
import type { PrintParts } from './print-parts.ts';

export async function labelToRecord(
  document: DocumentRef,
  printed: { copy: number; contentHash: string; lots: readonly string[] | null; awaitingFinalCheck: boolean },
  parts: Pick<PrintParts, 'signedIn' | 'log'> & { record: Pick<PharmacyRecord, 'append'> },
): Promise<void> {
  if (document.kind !== 'prescription_label') return;
  const { user, role } = parts.signedIn();
  const person = {
    id: user?.id ?? null,
    name: ((user && nameOf(user)) ?? 'a signed-in person').slice(0, 200),
    role: role?.slice(0, 40) ?? null,
  };
  try {
    await parts.record.append({
      kind: 'label_printed',
      person,
      order_id: document.orderId,
      order_number: null,
      prescription_id: document.prescriptionId,
      content_hash: printed.contentHash,
      copy: printed.copy,
      lots: (printed.lots ?? []).map((lot) => lot.slice(0, 200)),
      ...(printed.awaitingFinalCheck ? { awaiting_final_check: true as const } : {}),
    });
  } catch (error) {
    // The label's own record is kept already; the record's copy is logged as missing, never a failed print.
    parts.log.warn('the label was not put into the pharmacy record', { error: String(error) });
  }
}
