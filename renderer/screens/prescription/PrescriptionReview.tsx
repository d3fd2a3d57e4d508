// Prescription review: the electronic prescription, its prescriber and the pharmacist checks panel. `prescriptionId`
// names a prescription (an electronic prescription's id is accepted too); `orderId` is the order it was opened from.

import { useQueryClient } from '@tanstack/react-query';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { type OrderView, orderQueryKey } from '../../queries/orders.ts';
import { usePrescriptionReview } from '../../queries/prescriptions.ts';
import { messageOf } from '../../queries/station.ts';
import { navigate } from '../../state/navigation-store.ts';
import { ReviewBody } from './ReviewBody.tsx';
import { reviewShortcuts, useReviewCommands } from './review-commands.ts';
import './prescription.css';
import { reviewWords } from './wording.ts';

export function PrescriptionReview({ prescriptionId, orderId }: { prescriptionId: string; orderId?: string }) {
  const review = usePrescriptionReview(prescriptionId, orderId ?? null);
  const backTo = orderId ?? review.data?.orderId ?? null;
  // While main reads, the way back names the order as the order screen last read it (no read of its own).
  const known = useQueryClient().getQueryData<OrderView>(orderQueryKey(backTo ?? ''));
  if (review.data) return <ReviewBody review={review} orderId={backTo} />;
  return (
    <ReviewWaiting
      orderId={backTo}
      orderNumber={known?.order_number ?? null}
      error={review.isError ? messageOf(review.error) : null}
      refresh={() => void review.refetch()}
    />
  );
}

/** Reading, or refused: the way back to the order still works. */
function ReviewWaiting({
  orderId,
  orderNumber,
  error,
  refresh,
}: {
  orderId: string | null;
  orderNumber: string | null;
  error: string | null;
  refresh(): void;
}) {
  useReviewCommands({
    orderId,
    orderNumber,
    nextPrescriptionId: null,
    patientId: null,
    prescriberId: null,
    checksReady: false,
    focusChecks: () => {},
    refresh,
  });
  return (
    <main className="screen rx-review" aria-labelledby="rx-title">
      <header className="rx-head">
        <h1 id="rx-title">{reviewWords.title}</h1>
        {orderId ? (
          <div className="rx-actions">
            <ActionButton
              keyLook="quiet"
              shortcut={reviewShortcuts.backToOrder}
              onClick={() => navigate({ screen: 'order', orderId })}
            >
              {reviewWords.backToOrder(orderNumber)}
            </ActionButton>
          </div>
        ) : null}
      </header>
      {error ? (
        <div className="notice notice-bad" role="alert">
          {error}
        </div>
      ) : (
        <p className="muted" role="status">
          {reviewWords.reading}
        </p>
      )}
    </main>
  );
}
