// A station's NATS user by its record key (issue #35): a station the machine policy set up signs in to NATS with the
// key its enrolment code shows, so `relay -- enrol CODE --station NAME` also writes that key into nats-server.conf as
// the station's user (permissions as `relay -- init` gives every station; a station of that name gets the new key),
// and keeps it in `link.json`. nats-server reads the file again on a reload (`systemctl reload nats-server`,
// `nats-server --signal reload`, or SIGHUP): no connection is dropped.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LINK_NAME } from '../../contract/pharmacy-link.ts';
import { LINK_MANIFEST, type LinkManifest, SERVER_CONFIG } from './init.ts';
import { type LinkUser, renderServerConfig } from './server-config.ts';

/** Writes `text` to `file` whole or not at all (a half-written nats-server.conf would stop the server's reload). */
function replaceFile(file: string, text: string): void {
  const next = `${file}.next`;
  writeFileSync(next, text, { mode: 0o644 });
  renameSync(next, file);
}

/** The link's users as nats-server.conf lists them: the admin, the relay, every station. */
export function linkUsers(manifest: LinkManifest): LinkUser[] {
  return [
    { name: 'admin', role: 'admin', publicKey: manifest.admin.publicKey },
    { name: manifest.relay.name, role: 'relay', publicKey: manifest.relay.publicKey },
    ...manifest.stations.map(({ name, publicKey }) => ({ name, role: 'station' as const, publicKey })),
  ];
}

/**
 * Adds (or re-keys) station `name` with `publicKey` in the link folder `dir`: link.json and nats-server.conf written
 * again. Refused, naming why, for a name the link cannot carry or a folder written before init kept its server options.
 */
export function addStationUser(dir: string, manifest: LinkManifest, name: string, publicKey: string): LinkManifest {
  if (!LINK_NAME.test(name))
    throw new Error(`the station's name on the link must be lower-case letters, digits, "-" or "_" (got ${name})`);
  if (!manifest.server)
    throw new Error(`${LINK_MANIFEST} in ${dir} predates enrolment by code: run relay -- init again in a new folder`);
  const stations = manifest.stations.filter((station) => station.name !== name);
  const next: LinkManifest = { ...manifest, stations: [...stations, { name, publicKey }] };
  replaceFile(join(dir, SERVER_CONFIG), renderServerConfig({ ...manifest.server, users: linkUsers(next) }));
  replaceFile(join(dir, LINK_MANIFEST), `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
