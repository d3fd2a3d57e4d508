// `relay -- init`: writes the pharmacy link's folder for IT. The nats-server configuration (public keys and
// permissions only), one nkey seed per station, one for the relay and one for IT's admin step, the pharmacy's own
// key pair (its public half goes into the machine policy), and `link.json`, what the admin step and the policy read.
// Every seed is written 0600 in a 0700 folder and never printed.
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { nkeys } from '@nats-io/transport-node';
import { z } from 'zod';
import { type LinkUser, renderServerConfig, type ServerConfigOptions } from './server-config.ts';

export interface InitOptions {
  /** The folder IT names; it must not hold a link already (keys are never made twice over). */
  dir: string;
  stations: readonly string[];
  /** What stations and the relay dial, e.g. `tls://nats.pharmacy.lan:4222` (several for a cluster). */
  servers: readonly string[];
  listen?: string;
  monitor?: string;
  storeDir?: string;
  maxFileStore?: string;
  /** IT's certificate files (copied into the folder's `tls/`); null: no TLS, a test on one machine only. */
  tls: { certFile: string; keyFile: string; caFile: string } | null;
}

/** What `link.json` holds: nothing secret. */
export const linkManifest = z.strictObject({
  servers: z.array(z.string()),
  /** The CA file the clients check the server with (in the folder), or null without TLS. */
  caFile: z.string().nullable(),
  pharmacyPublicKey: z.string(),
  relay: z.strictObject({ name: z.string(), publicKey: z.string() }),
  admin: z.strictObject({ publicKey: z.string() }),
  stations: z.array(z.strictObject({ name: z.string(), publicKey: z.string() })),
  /** What nats-server.conf was written with, so `relay -- enrol` can write it again with a station added. */
  server: z
    .strictObject({
      listen: z.string(),
      monitor: z.string(),
      storeDir: z.string(),
      maxFileStore: z.string(),
      tls: z.strictObject({ certFile: z.string(), keyFile: z.string(), caFile: z.string() }).nullable(),
    })
    .optional(),
});
export type LinkManifest = z.infer<typeof linkManifest>;

export const LINK_MANIFEST = 'link.json';
export const SERVER_CONFIG = 'nats-server.conf';

/** The seed file of `name` in the link folder (stations under `stations/`). */
export function seedFile(dir: string, name: string, role: LinkUser['role'] | 'pharmacy'): string {
  return role === 'station' ? join(dir, 'stations', `${name}.nk`) : join(dir, `${role}.nk`);
}

function writeSecret(path: string, seed: Uint8Array): void {
  writeFileSync(path, `${new TextDecoder().decode(seed)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
}

export function initLink(options: InitOptions): LinkManifest {
  const dir = resolve(options.dir);
  if (existsSync(join(dir, LINK_MANIFEST)))
    throw new Error(`${dir} already holds a pharmacy link: keys are never made twice over (choose a new folder)`);
  mkdirSync(join(dir, 'stations'), { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  chmodSync(join(dir, 'stations'), 0o700);

  const users: LinkUser[] = [];
  const make = (name: string, role: LinkUser['role']) => {
    const pair = nkeys.createUser();
    writeSecret(seedFile(dir, name, role), pair.getSeed());
    const user = { name, role, publicKey: pair.getPublicKey() };
    pair.clear();
    users.push(user);
    return user;
  };
  const admin = make('admin', 'admin');
  const relay = make('relay', 'relay');
  const stations = options.stations.map((name) => make(name, 'station'));
  const pharmacy = nkeys.createOperator();
  writeSecret(seedFile(dir, 'pharmacy', 'pharmacy'), pharmacy.getSeed());
  const pharmacyPublicKey = pharmacy.getPublicKey();
  pharmacy.clear();

  let tls: ServerConfigOptions['tls'] = null;
  if (options.tls) {
    mkdirSync(join(dir, 'tls'), { recursive: true, mode: 0o700 });
    tls = {
      certFile: join(dir, 'tls', 'server.pem'),
      keyFile: join(dir, 'tls', 'server-key.pem'),
      caFile: join(dir, 'tls', 'ca.pem'),
    };
    copyFileSync(options.tls.certFile, tls.certFile);
    copyFileSync(options.tls.keyFile, tls.keyFile);
    copyFileSync(options.tls.caFile, tls.caFile);
    chmodSync(tls.keyFile, 0o600);
  }
  const server = {
    listen: options.listen ?? '0.0.0.0:4222',
    monitor: options.monitor ?? '127.0.0.1:8222',
    storeDir: options.storeDir ?? '/var/lib/nats',
    maxFileStore: options.maxFileStore ?? '20GB',
    tls,
  };
  writeFileSync(join(dir, SERVER_CONFIG), renderServerConfig({ ...server, users }), { mode: 0o644 });
  const manifest: LinkManifest = {
    servers: [...options.servers],
    caFile: tls?.caFile ?? null,
    pharmacyPublicKey,
    relay: { name: relay.name, publicKey: relay.publicKey },
    admin: { publicKey: admin.publicKey },
    stations: stations.map(({ name, publicKey }) => ({ name, publicKey })),
    server,
  };
  writeFileSync(join(dir, LINK_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o644 });
  return manifest;
}
