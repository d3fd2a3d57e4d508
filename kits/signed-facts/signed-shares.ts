// A station's share as read off the pharmacy's stream (by another station, delivered or the last on an order's subject,
// and by the relay's order watch): believed only when it is a share, kept on the subject its kind and order give, and
// its signature (the headers `signedHeaders` writes) holds under a key the reader's trust vouches for under the name
// it gives. A signed share put on the stream again (a replay of a real claim, to hold an order) is not believed: the
// message id must be the share's own id (JetStream drops a second one within its duplicate window) and the share must
// be stored within that window of the time it gives.
import type { JsMsg, StoredMsg } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/transport-node';
import { type StationShareMessage, shareSubject, stationShareMessage } from '../../contract/pharmacy-stream.ts';
import { parseBoundedJson } from '../json/bounded-json.ts';
import { type ServiceBelief, type StationTrust, signatureOf } from './signed-messages.ts';

export type ShareRead =
  | { belief: 'believed'; share: StationShareMessage }
  | { belief: Exclude<ServiceBelief, 'believed'> };

/** One message of the stream as a share is read from it: where and when it was stored, its bytes and headers. */
export interface StreamMessage {
  subject: string;
  body: Uint8Array;
  headers: MsgHdrs | undefined;
  /** When JetStream stored it (ms since the epoch). */
  storedAt: number;
}

/** JetStream's duplicate window on the events stream (relay/link/streams.ts): a share stored later than this is stale. */
export const SHARE_STORED_WITHIN_MS = 10 * 60 * 1000;

export const deliveredMessage = (m: JsMsg): StreamMessage => ({
  subject: m.subject,
  body: m.data,
  headers: m.headers,
  storedAt: m.info.timestampNanos / 1e6,
});

export const storedMessage = (m: StoredMsg): StreamMessage => ({
  subject: m.subject,
  body: m.data,
  headers: m.header,
  storedAt: m.time.getTime(),
});

const decoder = new TextDecoder();

/** The share in one stream message; with no trust given (a test of the share's own path), every well-kept share. */
export function readShare(message: StreamMessage, trust: StationTrust | undefined): ShareRead {
  const json = parseBoundedJson(decoder.decode(message.body));
  const parsed = stationShareMessage.safeParse(json.ok ? json.value : null);
  if (!parsed.success) return { belief: 'refused' };
  const share = parsed.data;
  // A share copied onto another order's subject (its signature would still hold) is not that order's.
  if (shareSubject(share.kind, share.subject_id) !== message.subject) return { belief: 'refused' };
  if (!trust) return { belief: 'believed', share };
  const { signer, signature } = signatureOf(message.headers);
  const belief = trust(message.body, signer, signature, share.station);
  if (belief !== 'believed') return { belief };
  // Well signed, but sent again: under another message id, or long after the time it gives.
  const replayed =
    message.headers?.get('Nats-Msg-Id') !== share.id ||
    Math.abs(message.storedAt - Date.parse(share.at)) > SHARE_STORED_WITHIN_MS;
  return replayed ? { belief: 'refused' } : { belief, share };
}
