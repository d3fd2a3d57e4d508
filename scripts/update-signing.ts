// Updates only from us, the packaging half (main/platform/updates/update-signature.ts is the app's half). The signing
// key is the pharmacy's (or vendor's) Ed25519 private key, in PEM, from STATION_UPDATE_SIGNING_KEY_FILE (a path) or
// STATION_UPDATE_SIGNING_KEY (the PEM itself); it is never in the repository.
//   node scripts/update-signing.ts keygen DIR   a new key pair: DIR/update-signing-key.pem (0600) and DIR/update-key.pem
//   node scripts/update-signing.ts pin [OUT]    before electron-builder: the public half into OUT/update-key.pem (out/),
//                                               packed in the app's asar, the key every update must verify with
//   node scripts/update-signing.ts sign [DIST]  after electron-builder: each file latest-linux.yml / latest-mac.yml lists
//                                               gets `stationSignature:` (its sha512, signed), checked against the pin
// Without a key, `pin` builds an app that refuses every feed update on Linux and macOS (Windows: Authenticode) and
// `sign` signs nothing; both say so.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { sha512OfFile, signDigest, updateKeyFromPem } from '../main/platform/updates/update-signature.ts';

const yaml = createRequire(import.meta.url)('js-yaml') as {
  load(text: string): unknown;
  dump(value: unknown, options?: { lineWidth?: number }): string;
};
const root = resolve(import.meta.dirname, '..');
/** The feed files electron-builder writes for the platforms whose updates carry our signature. */
export const SIGNED_FEEDS = ['latest-linux.yml', 'latest-linux-arm64.yml', 'latest-mac.yml'];
export const PIN_FILE = 'update-key.pem';

/** The signing key from the environment; null when none is set. */
export function signingKey(env: NodeJS.ProcessEnv = process.env): KeyObject | null {
  const pem = env.STATION_UPDATE_SIGNING_KEY_FILE
    ? readFileSync(env.STATION_UPDATE_SIGNING_KEY_FILE, 'utf8')
    : env.STATION_UPDATE_SIGNING_KEY;
  if (!pem) return null;
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the update signing key must be an Ed25519 private key');
  return key;
}

export function keygen(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(join(dir, 'update-signing-key.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
    flag: 'wx',
  });
  writeFileSync(join(dir, PIN_FILE), publicKey.export({ type: 'spki', format: 'pem' }));
}

/** Writes the public half into the built app (out/); removes a stale one when there is no key. */
export function pin(key: KeyObject | null, outDir: string): string {
  const file = join(outDir, PIN_FILE);
  if (!key) {
    rmSync(file, { force: true });
    return 'update-signing: no STATION_UPDATE_SIGNING_KEY_FILE: this build refuses every feed update on Linux and macOS';
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(file, createPublicKey(key).export({ type: 'spki', format: 'pem' }));
  return `update-signing: the update key is pinned in ${file}`;
}

/** The feed's text with each listed file signed; a file whose sha512 is not the listed one stops it. */
export function signFeed(text: string, dist: string, key: KeyObject): string {
  const feed = yaml.load(text) as { files?: { url: string; sha512: string }[] };
  for (const entry of feed.files ?? []) {
    const sha512 = sha512OfFile(join(dist, basename(entry.url)));
    if (sha512.toString('base64') !== entry.sha512) throw new Error(`${entry.url} is not the file the feed lists`);
    Object.assign(entry, { stationSignature: signDigest(sha512, key) });
  }
  return yaml.dump(feed, { lineWidth: -1 });
}

/** Signs every feed file in `dist`; the key must be the one pinned in `outDir` (else the app would refuse it). */
export function signAll(key: KeyObject | null, dist: string, outDir: string): string[] {
  if (!key) return ['update-signing: no signing key: the feeds are not signed'];
  const pinned = existsSync(join(outDir, PIN_FILE))
    ? updateKeyFromPem(readFileSync(join(outDir, PIN_FILE), 'utf8'))
    : null;
  if (!pinned?.equals(createPublicKey(key))) throw new Error(`the signing key is not the one pinned in ${outDir}`);
  const signed: string[] = [];
  for (const name of SIGNED_FEEDS) {
    const file = join(dist, name);
    if (!existsSync(file)) continue;
    writeFileSync(file, signFeed(readFileSync(file, 'utf8'), dist, key));
    signed.push(`update-signing: signed ${file}`);
  }
  return signed;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const [command, where] = process.argv.slice(2);
  try {
    if (command === 'keygen' && where) keygen(where);
    else if (command === 'pin') console.log(pin(signingKey(), resolve(where ?? join(root, 'out'))));
    else if (command === 'sign')
      for (const line of signAll(signingKey(), resolve(where ?? join(root, 'dist')), join(root, 'out')))
        console.log(line);
    else throw new Error('usage: node scripts/update-signing.ts keygen DIR | pin [OUT] | sign [DIST]');
  } catch (error) {
    console.error(`update-signing: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
