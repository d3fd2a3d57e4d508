// What the pharmacy's stations said about an order or a prescription over the relay (pharmacy:state), kept current
// by pharmacy.shared as another station claims, verifies, raises a stop or reviews. Null until known, and always null
// where no relay runs.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SharedStateView } from '../../contract/ipc/events.ts';
import { station, unwrap } from './station.ts';

export function useSharedState(subjectId: string): SharedStateView | null {
  const [shared, setShared] = useState<SharedStateView | null>(null);
  useEffect(() => {
    let live = true;
    setShared(null);
    const stop = station().on('pharmacy.shared', (event) => {
      if (event.subjectId === subjectId) setShared(event.state);
    });
    unwrap(station().pharmacy.state({ subjectId }))
      .then((state) => {
        if (live) setShared((now) => now ?? state);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      stop();
    };
  }, [subjectId]);
  return shared;
}

/** Claims the order for verification at this station among the pharmacy's stations (pharmacy:claim). */
export function claimOrder(orderId: string) {
  return unwrap(station().pharmacy.claim({ orderId }));
}

/** This station's enrolment code for the pharmacy's record and whether it is enrolled (pharmacy:enrolment). */
export function useEnrolment() {
  return useQuery({ queryKey: ['pharmacy', 'enrolment'], queryFn: () => unwrap(station().pharmacy.enrolment()) });
}

/** The station's relay password, to the keychain through main (never read back). */
export async function setRelayPassword(password: string) {
  return unwrap(station().pharmacy.relayPassword({ password }));
}
