// The pharmacy's link as IT sets it up, for the two-station specs: nats-server with the configuration `relay -- init`
// writes and TLS (test/integration/link/link-harness.ts), each station set up by the machine policy alone
// (`policyOf`), the relay on its own seed with the pharmacy's key (`relayNats`, `pharmacyKey`), and IT's enrolment
// (`enrol`): the code each station shows made its NATS user and enrolled in the record, the relay enrolled too, as
// `relay -- enrol` does; nats-server reloads and every station is on the relay again.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { enrolmentOf, pharmacySeedIn, publishEnrolment } from '../../relay/link/enrol.ts';
import { seedFile } from '../../relay/link/init.ts';
import { addStationUser } from '../../relay/link/station-users.ts';
import { type Link, startLink } from '../integration/link/link-harness.ts';
import { call } from './support.ts';

export interface PharmacyLink {
  link: Link;
  /** The pharmacy's public key, as the relay and the machine policy name it. */
  pharmacyKey: string;
  /** The machine policy of the station called `name` on the link: servers, CA, its name, the pharmacy's key. */
  policyOf(name: string): Record<string, unknown>;
  /** The relay's NATS options: the link's servers, its own seed, the CA. */
  relayNats: { servers: string[]; seedFile: string; caFile: string };
  /** IT enrols the relay and each station by the code its signed-in page shows; resolves once each is on the relay. */
  enrol(stations: readonly (readonly [Page, string])[]): Promise<void>;
  close(): Promise<void>;
}

export async function startPharmacyLink(): Promise<PharmacyLink> {
  const link = await startLink({ stations: [] });
  const servers = link.manifest.servers;
  const pharmacyKey = link.manifest.pharmacyPublicKey;
  const ca = readFileSync(link.caFile, 'utf8');
  return {
    link,
    pharmacyKey,
    policyOf: (name) => ({
      eventsRelayServers: servers.join(','),
      eventsRelayStation: name,
      eventsRelayCa: ca,
      // The pharmacy's key: without it a station on IT's link believes no other station.
      pharmacyPublicKey: pharmacyKey,
    }),
    relayNats: { servers, seedFile: seedFile(link.dir, 'relay', 'relay'), caFile: link.caFile },
    async enrol(stations) {
      // IT reads each station's code off its screen; `relay -- enrol` makes that key its NATS user; nats-server reloads.
      let manifest = link.manifest;
      const pharmacy = pharmacySeedIn(link.dir);
      const { relay } = link.manifest;
      const enrolments = [enrolmentOf(pharmacy, { name: relay.name, key: relay.publicKey, role: 'relay' }, 'IT')];
      for (const [page, name] of stations) {
        const { code } = await call(page, 'pharmacy', 'enrolment');
        manifest = addStationUser(link.dir, manifest, name, code.replaceAll(' ', ''));
        enrolments.push(enrolmentOf(pharmacy, { name, key: code.replaceAll(' ', '') }, 'IT'));
      }
      // What `relay -- enrol` puts in the record too: each station's enrolment, and the relay's (`--relay`).
      const admin = await link.connectAs('admin');
      for (const enrolment of enrolments) await publishEnrolment(admin, enrolment);
      await admin.close();
      link.server.reload?.();
      for (const [page] of stations) {
        await expect.poll(async () => (await call(page, 'connectivity', 'state')).events.path).toBe('relay');
      }
    },
    close: () => link.close(),
  };
}
