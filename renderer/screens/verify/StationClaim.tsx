// The order among the pharmacy's stations (in the pharmacy's record): this screen claims it for verification when it
// opens and renews the claim while it stays open (main decides; the claim lapses two minutes after the screen is left
// or the station stops); a claim held at another station refuses this one ("being verified at Station 3 by Taylor"),
// and verified elsewhere says so. Without a relay the claim is this station's alone and nothing shows.
import { useEffect, useState } from 'react';
import type { SharedStateView } from '../../../contract/ipc/events.ts';
import { CLAIM_HEARTBEAT_MS } from '../../../contract/pharmacy-record.ts';
import { claimOrder, useSharedState } from '../../queries/pharmacy.ts';
import { verifyWords } from './wording.ts';

export interface StationClaimState {
  /** Another station holds the order: this run may not count (main refuses its record too). */
  refused: string | null;
  shared: SharedStateView | null;
}

export function useStationClaim(orderId: string): StationClaimState {
  const [refused, setRefused] = useState<string | null>(null);
  const shared = useSharedState(orderId);
  useEffect(() => {
    let live = true;
    setRefused(null);
    const claim = () =>
      claimOrder(orderId)
        .then((outcome) => {
          if (live && !outcome.ok) setRefused(outcome.message);
        })
        // The record did not answer: the claim could not be shared; counting goes on (main still checks the record).
        .catch(() => undefined);
    void claim();
    const renewing = setInterval(claim, CLAIM_HEARTBEAT_MS);
    return () => {
      live = false;
      clearInterval(renewing);
    };
  }, [orderId]);
  return { refused, shared };
}

export function StationClaim({ claim }: { claim: StationClaimState }) {
  const verified = claim.shared?.verified;
  // Verified since supersedes the claim that held it.
  if (verified) {
    return (
      <div className="notice notice-info station-claim" role="status">
        {verifyWords.claim.verifiedAt(verified.station, verified.person)}
      </div>
    );
  }
  const stop = claim.shared?.stop;
  if (claim.refused) {
    return (
      <div className="notice notice-bad station-claim" role="alert">
        {claim.refused}
      </div>
    );
  }
  if (stop) {
    return (
      <div className="notice notice-info station-claim" role="status">
        {verifyWords.claim.stopAt(stop.station, stop.person)}
      </div>
    );
  }
  return null;
}
