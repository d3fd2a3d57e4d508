// A pharmacy's link as IT sets it up, for tests: an openssl-made CA and server certificate, the folder
// `relay -- init` writes (initLink), nats-server started with that very configuration, and IT's admin step
// (applyLinkStreams) with limits small enough to reach. `connectAs` signs in with one user's own seed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { type ConnectionOptions, connect, type NatsConnection, nkeyAuthenticator } from '@nats-io/transport-node';
import { inboxPrefixOf, type StreamLimits } from '../../../contract/pharmacy-link.ts';
import { initLink, type LinkManifest, SERVER_CONFIG, seedFile } from '../../../relay/link/init.ts';
import { applyLinkStreams } from '../../../relay/link/streams.ts';
import { freePort, type NatsServer, startConfiguredNatsServer } from '../relay/nats-server.ts';

export interface Link {
  dir: string;
  manifest: LinkManifest;
  server: NatsServer;
  caFile: string;
  /** A connection as `name` (a station, `relay` or `admin`) with its own seed, over TLS checked against the CA. */
  connectAs(name: string, extra?: Partial<ConnectionOptions>): Promise<NatsConnection>;
  close(): Promise<void>;
}

/** A CA and a server certificate for 127.0.0.1 and localhost, as IT's own would be. */
export function makeCertificates(dir: string) {
  const f = (name: string) => join(dir, name);
  const ossl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  ossl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    f('ca-key.pem'),
    '-out',
    f('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Pharmacy CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  writeFileSync(f('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  ossl('req', ...ec, '-keyout', f('server-key.pem'), '-out', f('server.csr'), '-subj', '/CN=localhost');
  ossl(
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca-key.pem'),
    '-CAcreateserial',
    '-out',
    f('server.pem'),
    '-days',
    '2',
    '-extfile',
    f('server.ext'),
  );
  return { certFile: f('server.pem'), keyFile: f('server-key.pem'), caFile: f('ca.pem') };
}

/** Limits a test's store holds (the real ones are gigabytes, more than a test machine's disk should reserve). */
const SMALL: Record<'events' | 'record' | 'claims', StreamLimits> = {
  events: { maxBytes: 16 * 1024 * 1024, maxMsgs: 100_000, maxMsgSize: 8 * 1024 },
  record: { maxBytes: 16 * 1024 * 1024, maxMsgs: 100_000, maxMsgSize: 32 * 1024 },
  claims: { maxBytes: 4 * 1024 * 1024, maxMsgs: 100_000, maxMsgSize: 16 * 1024 },
};

export interface LinkOptions {
  stations: string[];
  limits?: { events?: StreamLimits; record?: StreamLimits; claims?: StreamLimits };
}

export async function startLink(options: LinkOptions): Promise<Link> {
  const work = mkdtempSync(join(tmpdir(), 'pharmacy-link-'));
  const certs = makeCertificates(work);
  const port = await freePort();
  const monitor = await freePort();
  const dir = join(work, 'link');
  const storeDir = join(work, 'store');
  const manifest = initLink({
    dir,
    stations: options.stations,
    servers: [`tls://127.0.0.1:${port}`],
    listen: `127.0.0.1:${port}`,
    monitor: `127.0.0.1:${monitor}`,
    storeDir,
    maxFileStore: '4GB',
    tls: certs,
  });
  const caFile = manifest.caFile ?? certs.caFile;
  const server = await startConfiguredNatsServer(join(dir, SERVER_CONFIG), port, storeDir);
  const connectAs = (name: string, extra: Partial<ConnectionOptions> = {}) => {
    const role = name === 'admin' || name === 'relay' ? name : 'station';
    const seed = readFileSync(seedFile(dir, name, role), 'utf8').trim();
    return connect({
      servers: `127.0.0.1:${port}`,
      authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)),
      tls: { caFile },
      inboxPrefix: inboxPrefixOf(name),
      reconnect: false,
      timeout: 5_000,
      ...extra,
    });
  };
  const admin = await connectAs('admin');
  await applyLinkStreams(await jetstreamManager(admin), admin, {
    stations: options.stations,
    limits: { ...SMALL, ...options.limits },
  });
  await admin.close();
  return {
    dir,
    manifest,
    server,
    caFile,
    connectAs,
    async close() {
      await server.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
