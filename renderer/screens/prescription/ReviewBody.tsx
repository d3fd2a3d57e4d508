// The review once the prescription is read: its prescriber, patient and other prescriptions, and the checks over them.

import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { localDay } from '../../../rules/clinical/check-model.ts';
import { announce, shippingStateOf } from '../../../rules/clinical/checks.ts';
import { serviceName } from '../../../rules/words/person-name.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import type { PrescriptionReviewData } from '../../queries/prescriptions.ts';
import { sessionMay, useSession } from '../../queries/session.ts';
import { navigate, type Route } from '../../state/navigation-store.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { ChecksPanel } from './ChecksPanel.tsx';
import { OrderLines } from './OrderLines.tsx';
import { PatientCard } from './PatientCard.tsx';
import { PrescriberCard } from './PrescriberCard.tsx';
import { itemTitle, PrescriptionItems } from './PrescriptionItems.tsx';
import { ReviewDecision } from './ReviewDecision.tsx';
import { reviewShortcuts, useReviewCommands } from './review-commands.ts';
import { SharedReview } from './SharedReview.tsx';
import { reviewWords } from './wording.ts';

export function ReviewBody({
  review,
  orderId,
}: {
  review: UseQueryResult<PrescriptionReviewData> & { data: PrescriptionReviewData };
  orderId: string | null;
}) {
  // Everything the cards show and the checks over it are main's, from one set of its reads (review:open): the checks a
  // decision records.
  const { prescription, electronic, order, prescriber: prescriberRead, riskFactors, checks, asOf } = review.data;
  const patientId = prescription.patient_id ?? prescription.patient?.id ?? null;
  const prescriberId = prescription.prescriber_id ?? prescription.prescriber?.id ?? null;
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A review opens with the focus on its heading (a screen reader starts there), not on the page body.
  const opened = prescription.id;
  useEffect(() => {
    void opened;
    headingRef.current?.focus({ preventScroll: true });
  }, [opened]);
  const session = useSession();
  const [announcement, setAnnouncement] = useState('');

  const today = localDay(new Date());
  const prescriber = prescriberRead ?? prescription.prescriber ?? null;
  const patient = prescription.patient ?? null;
  const shippingState = shippingStateOf(order ?? undefined, patient);

  const items = electronic?.prescriptions ?? [];
  const index = items.findIndex((item) => item.id === prescription.id);
  const next = items.length > 1 ? items[(index + 1) % items.length] : undefined;

  function focusChecks() {
    const panel = panelRef.current;
    if (!panel) return;
    panel.scrollIntoView({ block: 'start' });
    panel.focus({ preventScroll: true });
    // A live region speaks only when its text changes: alternate a trailing space so a second Alt+C speaks again.
    const text = announce(checks);
    setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
  }

  const actions = {
    orderId,
    orderNumber: order?.order_number ?? null,
    nextPrescriptionId: next?.id ?? null,
    patientId,
    prescriberId,
    checksReady: true,
    focusChecks,
    refresh: () => void review.refetch(),
  };
  useReviewCommands(actions);

  const openMedication = (id: string) =>
    navigate({ screen: 'prescription', prescriptionId: id, ...(orderId ? { orderId } : {}) });
  const patientName = serviceName(patient);
  return (
    <main className="screen rx-review" aria-labelledby="rx-title">
      <header className="rx-head">
        <div>
          <h1 id="rx-title" ref={headingRef} tabIndex={-1} data-arrival-focus>
            {reviewWords.heading}
            {itemTitle(prescription)}
          </h1>
          <p className="muted">
            {[
              patientName ? `For ${patientName}` : null,
              electronic?.reference_number ? `Reference ${electronic.reference_number}` : null,
              actions.orderNumber ? `Order ${actions.orderNumber}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div className="rx-actions">
          {orderId ? (
            <ActionButton
              keyLook="quiet"
              shortcut={reviewShortcuts.backToOrder}
              onClick={() => navigate({ screen: 'order', orderId })}
            >
              {reviewWords.backToOrder(actions.orderNumber)}
            </ActionButton>
          ) : null}
          <ActionButton keyLook="quiet" shortcut={reviewShortcuts.focusChecks} onClick={focusChecks}>
            {reviewWords.checks}
          </ActionButton>
          {next ? (
            <ActionButton
              keyLook="quiet"
              shortcut={reviewShortcuts.nextMedication}
              onClick={() => openMedication(next.id)}
            >
              {reviewWords.nextMedication}
            </ActionButton>
          ) : null}
          <ActionButton keyLook="quiet" shortcut={reviewShortcuts.refresh} onClick={actions.refresh}>
            {reviewWords.readAgain}
          </ActionButton>
        </div>
      </header>
      <StaleNote updatedAt={asOf ?? review.dataUpdatedAt} refreshFailed={review.isRefetchError} />
      {prescription.status === 'cancelled' ? (
        <div className="notice notice-bad rx-cancelled" role="alert">
          {reviewWords.cancelled(itemTitle(prescription))}
        </div>
      ) : null}
      <div className="rx-grid">
        <div className="rx-column">
          <ChecksPanel checks={checks} panelRef={panelRef} announcement={announcement} />
          <SharedReview prescriptionId={prescription.id} />
          <ReviewDecision
            subject={{
              prescriptionId: prescription.id,
              title: itemTitle(prescription),
              patient: patientName,
              orderNumber: actions.orderNumber,
              prescriber: serviceName(prescriber),
            }}
            checks={checks}
            isPharmacist={sessionMay(session.data, 'review_decision')}
          />
          <PatientCard
            patient={patient}
            riskFactors={riskFactors ?? undefined}
            riskFactorsError={riskFactors ? null : reviewWords.riskFactorsUnread}
            shippingState={shippingState}
            today={today}
            action={openButton(
              reviewWords.openPatient,
              reviewShortcuts.openPatient,
              patientId ? { screen: 'patients', patientId } : null,
            )}
          />
        </div>
        <div className="rx-column">
          <OrderLines order={order ?? undefined} prescription={prescription} />
          <PrescriptionItems electronic={electronic} current={prescription} onReview={openMedication} />
          <PrescriberCard
            prescriber={prescriber}
            shippingState={shippingState?.state ?? null}
            today={today}
            action={openButton(
              reviewWords.openPrescriber,
              reviewShortcuts.openPrescriber,
              prescriberId ? { screen: 'prescribers', prescriberId } : null,
            )}
          />
        </div>
      </div>
    </main>
  );
}

/** The button opening the patient or prescriber beside their card, when the prescription names one. */
function openButton(words: string, shortcut: string, route: Route | null): ReactNode {
  return route ? (
    <ActionButton keyLook="quiet" shortcut={shortcut} onClick={() => navigate(route)}>
      {words}
    </ActionButton>
  ) : null;
}
