// The order's electronic prescriptions: what each prescribes and by whom; each opens the prescription review.

import type { ElectronicPrescription } from '../../../contract/service/prescriptions.ts';
import { personName } from '../../../rules/words/person-name.ts';
import { formatDay } from '../../format/service-values.ts';
import { useElectronicPrescriptions } from '../../queries/order-detail.ts';
import { messageOf } from '../../queries/station.ts';
import { navigate } from '../../state/navigation-store.ts';
import { KeyHint, Panel, PanelNote } from './Panel.tsx';
import { orderWords } from './wording.ts';

export const OPEN_PRESCRIPTION_SHORTCUT = 'Alt+P';

function itemLine(item: NonNullable<ElectronicPrescription['prescriptions']>[number]): string {
  const drug = [item.drug_name ?? item.name ?? orderWords.prescriptions.unnamed, item.strength]
    .filter(Boolean)
    .join(' ');
  const quantity = item.quantity != null ? `Qty ${item.quantity}${item.units ? ` ${item.units}` : ''}` : null;
  const refills = item.refills != null ? `${item.refills} refill${item.refills === 1 ? '' : 's'}` : null;
  return [drug, quantity, refills].filter(Boolean).join(' · ');
}

function PrescriptionEntry({
  id,
  orderId,
  index,
  query,
}: {
  id: string;
  orderId: string;
  index: number;
  query: ReturnType<typeof useElectronicPrescriptions>[number];
}) {
  const prescription = query.data;
  const reference = prescription?.reference_number ?? `${index + 1}`;
  const prescriber = prescription
    ? personName(prescription.prescriber_first_name, prescription.prescriber_last_name)
    : null;
  const written = formatDay(prescription?.prescriptions?.[0]?.written_at ?? prescription?.created_at);
  const first = index === 0;
  return (
    <li className="order-rx">
      <button
        type="button"
        className="button order-link"
        onClick={() => navigate({ screen: 'prescription', prescriptionId: id, orderId })}
        aria-keyshortcuts={first ? OPEN_PRESCRIPTION_SHORTCUT : undefined}
      >
        {orderWords.prescriptions.open(reference)}
        {first ? <KeyHint shortcut={OPEN_PRESCRIPTION_SHORTCUT} /> : null}
      </button>
      {query.isPending ? <PanelNote>{orderWords.prescriptions.reading}</PanelNote> : null}
      {!prescription && query.isError ? <PanelNote failed>{messageOf(query.error)}</PanelNote> : null}
      {prescription ? (
        <>
          <p className="muted order-rx-meta">
            {[
              prescriber ? orderWords.prescriptions.prescriber(prescriber) : null,
              written ? orderWords.prescriptions.written(written) : null,
            ]
              .filter(Boolean)
              .join(', ')}
          </p>
          <ul className="order-rx-items">
            {(prescription.prescriptions ?? []).map((item) => (
              <li key={item.id}>{itemLine(item)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

export function PrescriptionsPanel({ ids, orderId }: { ids: readonly string[]; orderId: string }) {
  const queries = useElectronicPrescriptions(ids);
  return (
    <Panel id="order-prescriptions" title={orderWords.prescriptions.title}>
      {ids.length === 0 ? (
        <p className="muted">{orderWords.prescriptions.none}</p>
      ) : (
        <ul className="order-rx-list">
          {ids.map((id, index) => {
            const query = queries[index];
            return query ? <PrescriptionEntry key={id} id={id} orderId={orderId} index={index} query={query} /> : null;
          })}
        </ul>
      )}
    </Panel>
  );
}
