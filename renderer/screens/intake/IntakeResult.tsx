// After a saved intake: what was created and what was referenced, each with a link to its screen, and what next.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CompositeResult } from '../../../contract/service/prescriptions.ts';
import { useCommands } from '../../commands/command-store.ts';
import { personName } from '../../format/record-values.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useIntakePrescription, usePatientLookup, usePrescriberLookup } from '../../queries/intake.ts';
import { useOrder } from '../../queries/orders.ts';
import { navigate } from '../../state/navigation-store.ts';
import { useIntakeStore } from './intake-store.ts';
import { type OutcomeRow, outcomeHeadline, outcomeRows } from './result-summary.ts';
import { intakeWords } from './wording.ts';

const words = intakeWords.result;

export const NEW_INTAKE_SHORTCUT = 'Alt+N';
export const SAME_PARTIES_SHORTCUT = 'Alt+S';

/** The record's name for its link: the patient's or prescriber's name, the order number. */
function useRecordName(row: OutcomeRow): string | null {
  const patient = usePatientLookup(row.part === 'patient' ? row.id : null);
  const prescriber = usePrescriberLookup(row.part === 'prescriber' ? row.id : null);
  const order = useOrder(row.part === 'order' ? row.id : null);
  if (patient.data) return personName(patient.data);
  if (prescriber.data) return personName(prescriber.data);
  if (order.data?.order_number) return `order ${order.data.order_number}`;
  return null;
}

function PrescriptionLinks({ id, orderId }: { id: string; orderId: string | null }) {
  const electronic = useIntakePrescription(id);
  if (electronic.isPending) return <span className="muted">{words.readingPrescriptions}</span>;
  const items = electronic.data?.prescriptions ?? [];
  if (items.length === 0) return <span className="muted">{words.noPrescriptions}</span>;
  return (
    <ul className="intake-outcome-links">
      {items.map((item) => {
        const name = [item.drug_name ?? item.name ?? words.prescription, item.strength].filter(Boolean).join(' ');
        return (
          <li key={item.id}>
            <button
              type="button"
              className="intake-link"
              onClick={() =>
                navigate({ screen: 'prescription', prescriptionId: item.id, ...(orderId ? { orderId } : {}) })
              }
            >
              {words.openPrescription}
              {name}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Outcome({ row, orderId }: { row: OutcomeRow; orderId: string | null }) {
  const name = useRecordName(row);
  const route = row.route;
  return (
    <li className="intake-outcome">
      <strong className="intake-outcome-part">{row.title}</strong>
      <span className={`pill ${row.created ? 'pill-good' : 'pill-plain'}`}>{row.words}</span>
      {route ? (
        <button type="button" className="intake-link" onClick={() => navigate(route)}>
          {words.open}
          {name ?? words.the(row.title.toLowerCase())}
        </button>
      ) : (
        <PrescriptionLinks id={row.id} orderId={orderId} />
      )}
    </li>
  );
}

export function IntakeResult({ result }: { result: CompositeResult }) {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = outcomeRows(result);
  const orderId = result.order?.id ?? null;
  const canKeepParties = Boolean(result.patient || result.prescriber);
  const startAgain = (keep: boolean) => {
    useIntakeStore.getState().startAgain(keep);
    void queryClient.invalidateQueries({ queryKey: ['intake'] });
  };
  useCommands([
    {
      id: 'intake.new',
      title: intakeWords.startNew,
      group: 'Intake',
      shortcut: NEW_INTAKE_SHORTCUT,
      run: () => startAgain(false),
    },
    {
      id: 'intake.sameParties',
      title: intakeWords.startSameParties,
      group: 'Intake',
      shortcut: SAME_PARTIES_SHORTCUT,
      enabled: canKeepParties,
      run: () => startAgain(true),
    },
  ]);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="screen records intake" aria-labelledby="intake-done-title">
      <header className="records-head">
        <h1 id="intake-done-title" ref={heading} tabIndex={-1}>
          {words.title}
        </h1>
      </header>
      <div className="notice notice-good" role="status">
        {outcomeHeadline(result)}
      </div>
      <section className="card" aria-labelledby="intake-outcomes-title">
        <h2 id="intake-outcomes-title">{words.outcomes}</h2>
        <ul className="intake-outcomes">
          {rows.map((row) => (
            <Outcome key={row.part} row={row} orderId={orderId} />
          ))}
        </ul>
      </section>
      <div className="intake-next">
        <ActionButton primary shortcut={NEW_INTAKE_SHORTCUT} onClick={() => startAgain(false)}>
          {words.startNew}
        </ActionButton>
        {canKeepParties ? (
          <ActionButton shortcut={SAME_PARTIES_SHORTCUT} onClick={() => startAgain(true)}>
            {words.startSameParties}
          </ActionButton>
        ) : null}
      </div>
    </main>
  );
}
