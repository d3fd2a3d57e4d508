// Settings by role, called as a hostile page would: straight at settings:update, with whatever it likes. Signed out
// nothing but the service choice; a technician may shorten the idle lock and nothing else; an admin may change all.
// Who is asking is the session main holds, never anything in the input. Every change is kept in the audit chain.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationCalls } from '../support/station-calls.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

let rig: StationRig;
beforeAll(async () => {
  rig = await startStationRig();
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

const update = (patch: unknown) => rig.station.invoke('settings:update', patch);
const { value } = stationCalls(() => rig);
const saved = () => value('settings:get', undefined);
const signIn = async (email: string) =>
  expect(await rig.station.invoke('session:signIn', { email, password: PASSWORD })).toMatchObject({ ok: true });
const refused = (fields: string[]) => ({
  ok: false,
  error: { code: 'forbidden', details: fields.map((field) => ({ field })) },
});

describe('who may change which setting', () => {
  it('signed out: neither the idle lock, the scanner marks, the listener port nor the answer limit', async () => {
    const before = await saved();
    expect(await update({ idleLockMinutes: 240 })).toMatchObject(refused(['idleLockMinutes']));
    expect(await update({ idleLockMinutes: 1 })).toMatchObject(refused(['idleLockMinutes']));
    expect(await update({ scannerPrefix: '#', scannerSuffix: '#' })).toMatchObject(
      refused(['scannerPrefix', 'scannerSuffix']),
    );
    expect(await update({ listenerPort: 5001, serviceAnswerLimitMiB: 1024 })).toMatchObject(
      refused(['listenerPort', 'serviceAnswerLimitMiB']),
    );
    expect(await update({ idleLockMinutes: 240 })).toMatchObject({
      error: { message: 'Sign in first: signed out, only the service can be chosen here.' },
    });
    // The same values sent back change nothing, so they pass; going back to Training stays open (service-trust).
    const same = { idleLockMinutes: before.idleLockMinutes, listenerPort: before.listenerPort, backend: 'training' };
    expect(await update(same)).toMatchObject({ ok: true });
    expect(await saved()).toEqual(before);
  });

  it('a technician may shorten the idle lock, not lengthen it, and change nothing an admin keeps', async () => {
    await signIn(TECHNICIAN);
    expect(await update({ idleLockMinutes: 4 })).toMatchObject({ ok: true, value: { idleLockMinutes: 4 } });
    expect(await update({ idleLockMinutes: 30 })).toMatchObject({
      ok: false,
      error: {
        code: 'forbidden',
        message: 'Only an admin may lengthen the idle lock; you may shorten it (below 4 minutes).',
        details: [{ field: 'idleLockMinutes', message: 'only an admin may lengthen it' }],
      },
    });
    expect(await update({ idleLockMinutes: 4 })).toMatchObject({ ok: true });
    expect(await update({ scannerPrefix: ']C' })).toMatchObject(refused(['scannerPrefix']));
    expect(await update({ listenerPort: 5002 })).toMatchObject(refused(['listenerPort']));
    expect(await update({ serviceAnswerLimitMiB: 1 })).toMatchObject(refused(['serviceAnswerLimitMiB']));
    // A shorter lock smuggled beside an admin's field: the whole save is refused, nothing written.
    expect(await update({ idleLockMinutes: 2, scannerPrefix: ']C' })).toMatchObject(refused(['scannerPrefix']));
    expect(await saved()).toMatchObject({ idleLockMinutes: 4, scannerPrefix: null, serviceAnswerLimitMiB: 32 });
    await rig.station.invoke('session:signOut', undefined);
  });

  it('an admin may lengthen the idle lock and set the scanner marks, the listener port and the answer limit', async () => {
    await signIn(ADMIN);
    const patch = { idleLockMinutes: 60, scannerPrefix: ']C', listenerPort: 5003, serviceAnswerLimitMiB: 64 };
    expect(await update(patch)).toMatchObject({ ok: true, value: patch });
    await rig.station.invoke('session:signOut', undefined);
  });

  it('every change of a setting is in the audit chain: who, which setting, from what to what', async () => {
    const db = new DatabaseSync(join(rig.dataDir, 'audit.db'), { readOnly: true });
    const rows = db
      .prepare('SELECT field, value_before, value_after, user_email FROM setting_changes ORDER BY seq')
      .all() as { field: string; value_before: string; value_after: string; user_email: string }[];
    const chained = db.prepare("SELECT COUNT(*) AS n FROM audit_chain WHERE record_table = 'setting_changes'").get();
    db.close();
    expect(rows).toEqual(
      expect.arrayContaining([
        { field: 'idleLockMinutes', value_before: '10', value_after: '4', user_email: TECHNICIAN },
        { field: 'idleLockMinutes', value_before: '4', value_after: '60', user_email: ADMIN },
        { field: 'scannerPrefix', value_before: 'null', value_after: '"]C"', user_email: ADMIN },
        { field: 'listenerPort', value_before: '4319', value_after: '5003', user_email: ADMIN },
      ]),
    );
    // A save that changed nothing (the same values sent back) and a refused one keep nothing.
    expect(rows).toHaveLength(5);
    expect(chained).toEqual({ n: 5 });
    const verified = spawnSync(process.execPath, ['scripts/audit.ts', 'verify', '--data-dir', rig.dataDir], {
      encoding: 'utf8',
    });
    // The rig's keychain is memory: the chain holds, plainly not keyed (exit 2).
    expect(verified).toMatchObject({
      status: 2,
      stdout: expect.stringMatching(/records, links consistent but NOT KEYED/),
    });
  });
});
