// `npm run relay -- init …` and `npm run relay -- streams …`: IT's two steps of setting the pharmacy's link up.
// init writes the folder (no server needed); streams, run once nats-server runs with that folder's configuration,
// makes the streams, the claims bucket and each station's consumer as the admin user. Exit 0 done, 2 bad usage,
// 1 failed. Nothing secret is printed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { LINK_NAME } from '../../contract/pharmacy-link.ts';
import { parseStoredJson, StoredJsonError } from '../../kits/json/stored-json.ts';
import { stationKeyOfCode } from '../../kits/signed-facts/enrolment-code.ts';
import { connectNats } from '../stream.ts';
import { enrolmentOf, pharmacySeedIn, publishEnrolment } from './enrol.ts';
import { initLink, LINK_MANIFEST, type LinkManifest, linkManifest, SERVER_CONFIG, seedFile } from './init.ts';
import { stationNames } from './names.ts';
import { addStationUser } from './station-users.ts';
import { applyLinkStreams } from './streams.ts';

const usage = `usage:
  npm run relay -- init --dir DIR --stations 'station-{1..30}' --servers tls://nats.pharmacy.lan:4222
                        (--tls-cert FILE --tls-key FILE --tls-ca FILE | --no-tls)
                        [--listen 0.0.0.0:4222] [--monitor 127.0.0.1:8222] [--store /var/lib/nats] [--max-file-store 20GB]
  npm run relay -- streams --dir DIR [--nats URL[,URL…]] [--replicas 1|3] [--retention-days 8]
  npm run relay -- enrol 'CODE SHOWN BY THE STATION' --station NAME --dir DIR [--nats URL[,URL…]] [--by 'IT name']
                        (a NAME init made no seed for becomes a NATS user signing in with that key: the policy's way)
  npm run relay -- enrol --relay --dir DIR (the relay's key from link.json: stations believe the events it signs)`;

class UsageError extends Error {}

/** The folder's `link.json` as `relay -- init` wrote it; one edited out of shape is a usage error that says so. */
function manifestIn(dir: string): LinkManifest {
  try {
    return parseStoredJson(linkManifest, readFileSync(join(dir, LINK_MANIFEST), 'utf8'), `${LINK_MANIFEST} in ${dir}`);
  } catch (error) {
    throw error instanceof StoredJsonError ? new UsageError(error.message) : error;
  }
}

function parse(args: string[], options: ParseArgsOptionsConfig) {
  try {
    return parseArgs({ args, options, strict: true }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);

function runInit(args: string[]): string[] {
  const v = parse(args, {
    dir: { type: 'string' },
    stations: { type: 'string' },
    servers: { type: 'string' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'tls-ca': { type: 'string' },
    'no-tls': { type: 'boolean' },
    listen: { type: 'string' },
    monitor: { type: 'string' },
    store: { type: 'string' },
    'max-file-store': { type: 'string' },
  });
  const dir = text(v.dir);
  if (!dir) throw new UsageError('--dir is required (the folder the link is written to).');
  const names = stationNames(text(v.stations) ?? '');
  if (!names.ok) throw new UsageError(`--stations: ${names.message}.`);
  const servers = (text(v.servers) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers.length === 0) throw new UsageError('--servers is required (what stations and the relay dial).');
  const cert = text(v['tls-cert']);
  const key = text(v['tls-key']);
  const ca = text(v['tls-ca']);
  const tlsGiven = [cert, key, ca].filter(Boolean).length;
  if (v['no-tls'] === true ? tlsGiven > 0 : tlsGiven !== 3)
    throw new UsageError('TLS: give all of --tls-cert, --tls-key and --tls-ca (the pharmacy CA), or --no-tls.');
  if (v['no-tls'] !== true && servers.some((s) => !s.startsWith('tls://')))
    throw new UsageError('--servers: with TLS every server is written tls://host:port.');
  const manifest = initLink({
    dir,
    stations: names.names,
    servers,
    tls: cert && key && ca ? { certFile: cert, keyFile: key, caFile: ca } : null,
    ...(text(v.listen) ? { listen: text(v.listen) } : {}),
    ...(text(v.monitor) ? { monitor: text(v.monitor) } : {}),
    ...(text(v.store) ? { storeDir: text(v.store) } : {}),
    ...(text(v['max-file-store']) ? { maxFileStore: text(v['max-file-store']) } : {}),
  });
  return [
    `wrote ${join(dir, SERVER_CONFIG)} (${manifest.stations.length} stations, the relay, the admin)`,
    `seeds (0600): ${join(dir, 'admin.nk')}, ${join(dir, 'relay.nk')}, ${join(dir, 'stations')}/<station>.nk`,
    `pharmacy key: ${join(dir, 'pharmacy.nk')} (keep it off the network); public half for the machine policy:`,
    `  ${manifest.pharmacyPublicKey}`,
    `next: start nats-server -c ${join(dir, SERVER_CONFIG)}, then npm run relay -- streams --dir ${dir}`,
  ];
}

async function runStreams(args: string[]): Promise<string[]> {
  const v = parse(args, {
    dir: { type: 'string' },
    nats: { type: 'string' },
    replicas: { type: 'string' },
    'retention-days': { type: 'string' },
  });
  const dir = text(v.dir);
  if (!dir) throw new UsageError('--dir is required (the folder `relay -- init` wrote).');
  const manifest = manifestIn(dir);
  const replicas = Number(text(v.replicas) ?? '1');
  if (replicas !== 1 && replicas !== 3) throw new UsageError('--replicas is 1 (one server) or 3 (a cluster).');
  const days = Number(text(v['retention-days']) ?? '8');
  if (!Number.isInteger(days) || days < 1 || days > 365) throw new UsageError('--retention-days is 1 to 365.');
  const nc = await adminConnection(dir, manifest, text(v.nats));
  try {
    return await applyLinkStreams(await jetstreamManager(nc), nc, {
      stations: manifest.stations.map((s) => s.name),
      replicas,
      retentionMs: days * 24 * 60 * 60 * 1000,
    });
  } finally {
    await nc.close();
  }
}

/** The admin user's connection to the link's servers (or `--nats`), TLS checked with the folder's CA. */
function adminConnection(dir: string, manifest: LinkManifest, nats: string | undefined) {
  const servers = nats?.split(',') ?? manifest.servers;
  const ca = manifest.caFile ? { caFile: manifest.caFile } : {};
  return connectNats({ servers, seedFile: seedFile(dir, 'admin', 'admin'), ...ca }, 'link-admin', 'admin');
}

const enrolOptions = {
  dir: { type: 'string' },
  station: { type: 'string' },
  nats: { type: 'string' },
  by: { type: 'string' },
  relay: { type: 'boolean' },
} as const;

function parseEnrol(args: string[]) {
  try {
    return parseArgs({ args, options: enrolOptions, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function runEnrol(args: string[]): Promise<string[]> {
  const parsed = parseEnrol(args);
  const v = parsed.values as Record<string, string | boolean | undefined>;
  const dir = text(v.dir);
  if (!dir) throw new UsageError('--dir is required (the folder `relay -- init` wrote, holding pharmacy.nk).');
  let manifest = manifestIn(dir);
  let enrolled: { name: string; key: string; role?: 'relay' };
  const said: string[] = [];
  if (v.relay === true) {
    // The relay's own key from link.json: the one its relay.nk signs the service events with.
    enrolled = { name: manifest.relay.name, key: manifest.relay.publicKey, role: 'relay' };
  } else {
    const name = text(v.station)?.trim() ?? '';
    if (name === '' || name.length > 100)
      throw new UsageError("--station is the station's name (1 to 100 characters).");
    const code = stationKeyOfCode(parsed.positionals.join(' '));
    if (!code.ok) throw new UsageError(`the code: ${code.message}.`);
    enrolled = { name, key: code.publicKey };
    // A station the machine policy set up signs in to NATS with this key: it becomes its user (none made by init).
    if (LINK_NAME.test(name) && manifest.server && !existsSync(seedFile(dir, name, 'station'))) {
      manifest = addStationUser(dir, manifest, name, code.publicKey);
      said.push(`${name} may sign in to NATS with this key: reload nats-server (systemctl reload nats-server)`);
    }
  }
  const enrolment = enrolmentOf(pharmacySeedIn(dir), enrolled, text(v.by)?.slice(0, 200) || 'IT');
  const nc = await adminConnection(dir, manifest, text(v.nats));
  try {
    return [...(await publishEnrolment(nc, enrolment)), ...said];
  } finally {
    await nc.close();
  }
}

/** Runs one link command; resolves to the process's exit code. */
export async function runLinkCommand(command: 'init' | 'streams' | 'enrol', args: string[]): Promise<number> {
  try {
    const lines =
      command === 'init' ? runInit(args) : command === 'enrol' ? await runEnrol(args) : await runStreams(args);
    for (const line of lines) console.log(line);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof UsageError ? `${message}\n${usage}` : `relay ${command} failed: ${message}`);
    return error instanceof UsageError ? 2 : 1;
  }
}
