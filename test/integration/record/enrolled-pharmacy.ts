// The pharmacy's key for stations on a bare nats-server in a test: a station takes it from the machine policy alone
// (settings it could be typed into are the station's own), and believes another station's facts and shares only once
// an enrolment that key signed is in the record, as `relay -- enrol` puts it there. Without it a station on a shared
// record believes its own facts only.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, nkeys } from '@nats-io/transport-node';
import type { LoadedPolicy } from '../../../main/platform/policy/policy-file.ts';
import { enrolmentOf, publishEnrolment } from '../../../relay/link/enrol.ts';
import type { StationRig } from '../station/harness.ts';
import { stationCalls } from '../support/station-calls.ts';

export interface TestPharmacy {
  publicKey: string;
  /** The machine policy IT places at a station: the pharmacy's key, with `more` of its fields. */
  policy(more?: LoadedPolicy['policy']): LoadedPolicy;
  /**
   * IT reads each station's code off its screen and enrols it, and enrols each relay's key (`relaySeedIn`) as the
   * relay; answers once every station believes its own enrolment.
   */
  enrol(natsUrl: string, rigs: StationRig[], relays?: string[]): Promise<void>;
}

/** A relay's own nkey seed, written 0600 in `dir` as `relay -- init` writes `relay.nk`: its file and public key. */
export function relaySeedIn(dir: string): { seedFile: string; publicKey: string } {
  const pair = nkeys.createUser();
  const seedFile = join(dir, 'relay.nk');
  writeFileSync(seedFile, new TextDecoder().decode(pair.getSeed()), { mode: 0o600 });
  return { seedFile, publicKey: pair.getPublicKey() };
}

export function testPharmacy(): TestPharmacy {
  const pair = nkeys.createOperator();
  const seed = new TextDecoder().decode(pair.getSeed());
  const publicKey = pair.getPublicKey();
  return {
    publicKey,
    policy: (more = {}) => ({
      file: '/etc/fulfillment-station/policy.json',
      policy: { pharmacyPublicKey: publicKey, ...more },
      ignoredFields: [],
    }),
    async enrol(natsUrl, rigs, relays = []) {
      const nc = await connect({ servers: natsUrl });
      try {
        for (const key of relays)
          await publishEnrolment(nc, enrolmentOf(seed, { name: 'relay', key, role: 'relay' }, 'IT'));
        for (const rig of rigs) {
          const { code, name } = await stationCalls(() => rig).value('pharmacy:enrolment');
          await publishEnrolment(nc, enrolmentOf(seed, { name, key: code.replaceAll(' ', '') }, 'IT'));
        }
      } finally {
        await nc.close();
      }
      for (const rig of rigs) {
        for (let tries = 0; !(await stationCalls(() => rig).value('pharmacy:enrolment')).enrolled; tries++) {
          if (tries > 300) throw new Error('a station never read its enrolment from the record');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
  };
}
