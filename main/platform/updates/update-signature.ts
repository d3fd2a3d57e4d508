// Updates only from us: a detached Ed25519 signature over an update package, made at `npm run package` with the
// pharmacy's (or vendor's) signing key (scripts/update-signing.ts) and checked with its public half pinned in the app.
// What is signed is a fixed, versioned label and the file's sha512, so the key signs nothing else by accident. The feed
// carries the signature beside each file (`stationSignature:` in latest-linux.yml / latest-mac.yml); whoever controls
// the feed can change it, but cannot make one that verifies.
import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

export const SIGNATURE_LABEL = Buffer.from('fulfillment-station/update-file-signature/v1\0', 'ascii');

/** The file's sha512, read in pieces (a package is tens of MB), synchronously: it runs right before install. */
export function sha512OfFile(file: string): Buffer {
  const hash = createHash('sha512');
  const handle = openSync(file, 'r');
  try {
    const piece = Buffer.allocUnsafe(1 << 20);
    for (let read = readSync(handle, piece); read > 0; read = readSync(handle, piece))
      hash.update(piece.subarray(0, read));
  } finally {
    closeSync(handle);
  }
  return hash.digest();
}

/** The base64 signature of a file with this sha512 (the packaging script's half). */
export function signDigest(sha512: Buffer, privateKey: KeyObject): string {
  return sign(null, Buffer.concat([SIGNATURE_LABEL, sha512]), privateKey).toString('base64');
}

/** The pinned key from its PEM text; null when the text is no Ed25519 public key. */
export function updateKeyFromPem(pem: string): KeyObject | null {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/** A file as the feed lists it: its sha512 (base64) and, put there by the packaging script, its signature. */
export interface ListedFile {
  sha512?: string;
  stationSignature?: unknown;
}

/**
 * Why the file at `file` must not install (null: it may), hashed now: the feed must list a signature for this very
 * content, and it must be one the pinned key made.
 */
export function whyNotSignedByUs(
  file: string,
  listed: readonly ListedFile[],
  key: KeyObject | null,
): { refused: string | null; sha512: Buffer | null } {
  if (!key) return { refused: 'this build has no update key built in, so no update can be verified', sha512: null };
  let sha512: Buffer;
  try {
    sha512 = sha512OfFile(file);
  } catch (error) {
    return { refused: `the downloaded update cannot be read (${(error as NodeJS.ErrnoException).code})`, sha512: null };
  }
  const entry = listed.find((file) => file.sha512 === sha512.toString('base64'));
  if (!entry) return { refused: 'the file is no longer the one the feed lists (changed after the download)', sha512 };
  const signature = entry.stationSignature;
  if (typeof signature !== 'string' || !signature)
    return { refused: 'the feed lists no signature for this update', sha512 };
  const bytes = Buffer.from(signature, 'base64');
  const good = bytes.length === 64 && verify(null, Buffer.concat([SIGNATURE_LABEL, sha512]), key, bytes);
  return { refused: good ? null : 'its signature does not verify with the update key built into this app', sha512 };
}
