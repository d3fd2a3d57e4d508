// A message signed in its headers: the relay signs each service event's exact body bytes with its enrolled key, so a
// station believes where an event came from for the signature alone, never for the subject it came on or its body.
import { fromPublic } from '@nats-io/nkeys';
import { headers, type MsgHdrs } from '@nats-io/transport-node';
import type { StationKey } from './signed-facts.ts';

/** The signer's public key (`U…`). */
export const SIGNER_HEADER = 'Pharmacy-Signer';
/** ed25519 over the body's bytes, base64url. */
export const SIGNATURE_HEADER = 'Pharmacy-Signature';

const encoder = new TextEncoder();

export function signMessage(body: string, key: StationKey): { signer: string; signature: string } {
  return { signer: key.publicKey, signature: Buffer.from(key.sign(encoder.encode(body))).toString('base64url') };
}

/** The headers that carry `body`'s signature by `key`: every message a station or the relay publishes on the stream. */
export function signedHeaders(body: string, key: StationKey): MsgHdrs {
  const signed = signMessage(body, key);
  const h = headers();
  h.set(SIGNER_HEADER, signed.signer);
  h.set(SIGNATURE_HEADER, signed.signature);
  return h;
}

/** The signer and signature a message's headers carry (null where absent). */
export function signatureOf(h: MsgHdrs | undefined): { signer: string | null; signature: string | null } {
  return { signer: h?.get(SIGNER_HEADER) || null, signature: h?.get(SIGNATURE_HEADER) || null };
}

/** Whether `signature` by `signer` holds over `body` (a malformed key or signature does not). */
export function messageSignatureHolds(body: Uint8Array, signer: string, signature: string): boolean {
  try {
    return fromPublic(signer).verify(body, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/** What a station makes of a service event: believed, refused for good, or asked again later (its record not read yet). */
export type ServiceBelief = 'believed' | 'refused' | 'not yet';
/** Decides a service event from its exact body and its signature headers (null when absent). */
export type ServiceTrust = (body: Uint8Array, signer: string | null, signature: string | null) => ServiceBelief;

/**
 * Decides a station's message (a share, an audit checkpoint) from its exact body, its signature headers and the
 * station name the body gives: believed only when the signature holds under a key an enrolment vouches for under
 * that name (main/events/record/enrolment-trust.ts), asked again later while the record is not read yet.
 */
export type StationTrust = (
  body: Uint8Array,
  signer: string | null,
  signature: string | null,
  stationName: string,
) => ServiceBelief;
