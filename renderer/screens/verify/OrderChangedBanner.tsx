// The banner that stops a run: main learnt that this order was cancelled, held or had its items changed at the
// service while it was open here (`order.interrupted`). Main refuses to record the run; this says why, at once.
import { useEffect, useState } from 'react';
import type { OrderInterruptionView } from '../../../contract/ipc/events.ts';
import { onOrderInterrupted } from '../../queries/events.ts';
import { verifyWords } from './wording.ts';

/** The newest interruption of this order since the screen opened, or null. */
export function useOrderInterruption(orderId: string): OrderInterruptionView | null {
  const [interruption, setInterruption] = useState<OrderInterruptionView | null>(null);
  useEffect(() => {
    setInterruption(null);
    return onOrderInterrupted(orderId, setInterruption);
  }, [orderId]);
  return interruption;
}

export function OrderChangedBanner({ interruption }: { interruption: OrderInterruptionView }) {
  return (
    <div className="notice notice-bad order-changed" role="alert" aria-live="assertive">
      <strong>{verifyWords.orderChanged}</strong> {interruption.message}
    </div>
  );
}
