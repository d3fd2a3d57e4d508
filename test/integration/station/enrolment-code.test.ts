// The station shows its enrolment code (pharmacy:enrolment): its record key in groups of four and a fingerprint, and
// whether the pharmacy's record holds its enrolment, read from what main believes (an enrolment signed by the
// pharmacy's key from the machine policy), never from the page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { createOperator } from '@nats-io/nkeys';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationKeyOfCode } from '../../../kits/signed-facts/enrolment-code.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { enrolmentOf } from '../../../relay/link/enrol.ts';
import { reviewDraft } from '../record/facts.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { stationCalls } from '../support/station-calls.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

let nats: NatsServer;
let rig: StationRig;
const pharmacy = createOperator();

beforeAll(async () => {
  nats = await startNatsServer();
  const policy = { pharmacyPublicKey: pharmacy.getPublicKey() };
  rig = await startStationRig(
    { policy: { file: join(nats.storeDir, 'policy.json'), policy, ignoredFields: [] } },
    { settings: { eventsRelayServers: nats.url, eventsRelayStation: 'station-3', eventsRelayName: 'Station 3' } },
  );
});
afterAll(async () => {
  await rig?.close();
  await nats?.stop();
});

describe("the station's enrolment code", () => {
  it('is shown until IT enrols it, and then the station says it is enrolled', async () => {
    const { value } = stationCalls(() => rig);
    await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
    const before = await value('pharmacy:enrolment');
    expect(before).toMatchObject({ shared: true, enrolled: false, name: 'Station 3' });
    expect(before.code).toMatch(/^U[A-Z2-7]{3}( [A-Z2-7]{4}){13}$/);
    expect(before.fingerprint).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/);
    const read = stationKeyOfCode(before.code);
    if (!read.ok) throw new Error(read.message);
    const enrolment = enrolmentOf(
      new TextDecoder().decode(pharmacy.getSeed()),
      { name: 'Station 3', key: read.publicKey },
      'IT',
    );
    const nc = await connect({ servers: nats.url });
    await jetstream(nc).publish(enrolment.subject, JSON.stringify(enrolment.signed));
    await nc.close();
    await expect.poll(async () => (await value('pharmacy:enrolment')).enrolled).toBe(true);
    // The seed never leaves main: only the public key's code.
    expect(JSON.stringify(await value('pharmacy:enrolment'))).not.toMatch(/SU[A-Z2-7]{10}/);
  });

  it('a hold written by a station nobody enrolled raises the alarm at this station', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stranger-'));
    const mallory = createNatsRecord({
      view: RecordView.inFolder(dir),
      stationName: 'Station 5',
      key: stationKeyFromSeed(newStationSeed()),
      connect: () => connect({ servers: nats.url }),
    });
    await mallory.append(reviewDraft('rx-stranger', 'needs_clarification'));
    await expect.poll(() => rig.lines.join('\n')).toContain('a station that is not ours wrote to the record');
    await mallory.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
