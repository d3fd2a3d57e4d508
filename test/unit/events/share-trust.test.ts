// Whom a station believes on the events stream (stationMessageTrust over a real record.db): its own signature always;
// another station's only under the name an enrolment in its copy of the record gives it; nothing unsigned or with a
// signature over other bytes; a stranger waits while the record is not read yet, then is refused and told once; and
// on IT's link without the pharmacy's key nobody else at all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOperator } from '@nats-io/nkeys';
import { afterEach, describe, expect, it } from 'vitest';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { signMessage } from '../../../kits/signed-facts/signed-messages.ts';
import { stationMessageTrust } from '../../../main/events/record/enrolment-trust.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { enrolmentOf } from '../../../relay/link/enrol.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const pharmacySeed = new TextDecoder().decode(createOperator().getSeed());
const pharmacyKey = stationKeyFromSeed(pharmacySeed).publicKey;
const own = stationKeyFromSeed(newStationSeed());
const carol = stationKeyFromSeed(newStationSeed());
const body = new TextEncoder().encode('{"kind":"claimed"}');
const signed = (key: typeof own, bytes = body) => {
  const { signer, signature } = signMessage(new TextDecoder().decode(bytes), key);
  return [signer, signature] as const;
};

function viewWithCarol(): RecordView {
  const dir = mkdtempSync(join(tmpdir(), 'share-trust-'));
  dirs.push(dir);
  const view = RecordView.inFolder(dir);
  const enrolment = enrolmentOf(pharmacySeed, { name: 'Station C', key: carol.publicKey }, 'IT');
  view.keep(enrolment.subject, enrolment.fact, enrolment.signed, 1);
  return view;
}

describe('a share on the events stream', () => {
  it('is believed from this station’s own key and from a key enrolled under the name it gives', () => {
    const trust = stationMessageTrust({ view: viewWithCarol(), pharmacyKey, ownKey: own.publicKey, ready: () => true });
    expect(trust(body, ...signed(own), 'This station')).toBe('believed');
    expect(trust(body, ...signed(carol), 'Station C')).toBe('believed');
    expect(trust(body, ...signed(carol), 'Station 5')).toBe('refused');
  });

  it('is refused unsigned, or signed over other bytes, and a stranger is told once', () => {
    const told: (string | null)[] = [];
    const trust = stationMessageTrust({
      view: viewWithCarol(),
      pharmacyKey,
      ownKey: own.publicKey,
      ready: () => true,
      onStranger: (signer) => told.push(signer),
    });
    const [signer, otherSignature] = signed(carol, new TextEncoder().encode('{"kind":"released"}'));
    expect(trust(body, signer, otherSignature, 'Station C')).toBe('refused');
    expect(trust(body, null, null, 'Station C')).toBe('refused');
    const mallory = stationKeyFromSeed(newStationSeed());
    expect(trust(body, ...signed(mallory), 'Station 5')).toBe('refused');
    expect(trust(body, ...signed(mallory), 'Station 5')).toBe('refused');
    expect(told).toEqual([carol.publicKey, null, mallory.publicKey]);
  });

  it('from a key not enrolled waits while the record is not read yet', () => {
    let ready = false;
    const trust = stationMessageTrust({
      view: viewWithCarol(),
      pharmacyKey,
      ownKey: own.publicKey,
      ready: () => ready,
    });
    const dan = stationKeyFromSeed(newStationSeed());
    expect(trust(body, ...signed(dan), 'Station D')).toBe('not yet');
    ready = true;
    expect(trust(body, ...signed(dan), 'Station D')).toBe('refused');
  });

  it('signed by the pharmacy’s own key is no station’s', () => {
    const trust = stationMessageTrust({ view: viewWithCarol(), pharmacyKey, ownKey: own.publicKey, ready: () => true });
    expect(trust(body, ...signed(stationKeyFromSeed(pharmacySeed)), 'the pharmacy')).toBe('refused');
  });

  it('without the pharmacy’s key: any station’s on a bare NATS, only this station’s own on IT’s link', () => {
    const base = { view: viewWithCarol(), pharmacyKey: null, ownKey: own.publicKey, ready: () => true };
    expect(stationMessageTrust(base)(body, ...signed(carol), 'Station C')).toBe('believed');
    const onLink = stationMessageTrust({ ...base, ownKeyOnly: true });
    expect(onLink(body, ...signed(carol), 'Station C')).toBe('refused');
    expect(onLink(body, ...signed(own), 'This station')).toBe('believed');
  });
});
