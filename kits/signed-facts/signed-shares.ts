// A station's share as read off the pharmacy's stream (by another station, delivered or the last on an order's subject,
// and by the relay's order watch): believed only when it is a share, kept on the subject its kind and order give, and
// its signature (the headers `signedHeaders` writes) holds under a key the reader's trust vouches for under the name
// it gives.
import type { MsgHdrs } from '@nats-io/transport-node';
import { type StationShareMessage, shareSubject, stationShareMessage } from '../../contract/pharmacy-stream.ts';
import { parseBoundedJson } from '../json/bounded-json.ts';
import { type ServiceBelief, type StationTrust, signatureOf } from './signed-messages.ts';

export type ShareRead =
  | { belief: 'believed'; share: StationShareMessage }
  | { belief: Exclude<ServiceBelief, 'believed'> };

const decoder = new TextDecoder();

/** The share in one stream message; with no trust given (a test of the share's own path), every well-kept share. */
export function readShare(
  subject: string,
  body: Uint8Array,
  h: MsgHdrs | undefined,
  trust: StationTrust | undefined,
): ShareRead {
  const json = parseBoundedJson(decoder.decode(body));
  const parsed = stationShareMessage.safeParse(json.ok ? json.value : null);
  if (!parsed.success) return { belief: 'refused' };
  const share = parsed.data;
  // A share copied onto another order's subject (its signature would still hold) is not that order's.
  if (shareSubject(share.kind, share.subject_id) !== subject) return { belief: 'refused' };
  if (!trust) return { belief: 'believed', share };
  const { signer, signature } = signatureOf(h);
  const belief = trust(body, signer, signature, share.station);
  return belief === 'believed' ? { belief, share } : { belief };
}
