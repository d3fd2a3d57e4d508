// The pharmacy-wide settings as main reads them from the record, on the embedded record's real SQLite: the newest fact
// of a setting decides, a fact whose value is out of the setting's shape is never obeyed (the value before it stands),
// the IT policy's lock wins over the record, and a station's old settings.json counts only while the record is silent, and never for the licensed states.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createEmbeddedRecord } from '../../../main/events/record/embedded-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { defaultSettings } from '../../../main/service/settings/index.ts';
import { pharmacyRules, pharmacyWide } from '../../../main/service/settings/pharmacy-wide.ts';

const dirs: string[] = [];
const open: PharmacyRecord[] = [];
const admin = { id: 'admin-1', name: 'Alex Admin', role: 'admin' };

function record(): PharmacyRecord {
  const dir = mkdtempSync(join(tmpdir(), 'pharmacy-wide-'));
  dirs.push(dir);
  const opened = createEmbeddedRecord({
    view: RecordView.inFolder(dir),
    stationName: 'Station 1',
    key: stationKeyFromSeed(newStationSeed()),
  });
  open.push(opened);
  return opened;
}
const setTo = (r: PharmacyRecord, name: string, value: string) =>
  r.append({ kind: 'setting_changed', person: admin, name, value });

afterEach(async () => {
  for (const r of open.splice(0)) await r.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the pharmacy's settings as main reads them from the record", () => {
  it('the newest fact decides, and one out of shape is never obeyed: the value before it stands', async () => {
    const r = record();
    expect(pharmacyRules(r, undefined).techCheckTechAllowed).toBe(false);
    await setTo(r, 'techCheckTechAllowed', '"yes"');
    expect(pharmacyRules(r, undefined).techCheckTechAllowed).toBe(false);
    await setTo(r, 'techCheckTechAllowed', 'true');
    await setTo(r, 'techCheckTechAllowed', '1');
    expect(pharmacyRules(r, undefined).techCheckTechAllowed).toBe(true);
    await setTo(r, 'pharmacyName', '"   "');
    expect(pharmacyWide(r, undefined, defaultSettings).pharmacyName).toBeNull();
    await setTo(r, 'techCheckTechAllowed', 'false');
    expect(pharmacyRules(r, undefined).techCheckTechAllowed).toBe(false);
  });

  it("the IT policy's lock wins over the record, whatever the record says", async () => {
    const r = record();
    await setTo(r, 'techCheckTechAllowed', 'true');
    await setTo(r, 'licensedStates', '["IL"]');
    const policy = {
      file: 'policy.json',
      policy: { techCheckTechAllowed: false, licensedStates: ['TX'] },
      ignoredFields: [],
    };
    expect(pharmacyRules(r, policy).techCheckTechAllowed).toBe(false);
    expect(pharmacyWide(r, policy, defaultSettings).licensedStates).toEqual(['TX']);
  });

  it("a station's old settings.json counts for the pharmacy's details only while the record has none", async () => {
    const r = record();
    const old = { ...defaultSettings, pharmacyName: 'Old Name', labelStock: '4x6' as const };
    expect(pharmacyWide(r, undefined, old)).toMatchObject({ pharmacyName: 'Old Name', labelStock: '4x6' });
    await setTo(r, 'pharmacyName', '"Maple Street"');
    expect(pharmacyWide(r, undefined, old)).toMatchObject({ pharmacyName: 'Maple Street', labelStock: '4x6' });
  });

  it('never the licensed states from settings.json: an edited file cannot lift the stop on an unlicensed state', async () => {
    const r = record();
    const edited = { ...defaultSettings, licensedStates: ['TX', 'CA'] };
    expect(pharmacyWide(r, undefined, edited).licensedStates).toEqual([]);
    await setTo(r, 'licensedStates', '["TX"]');
    expect(pharmacyWide(r, undefined, edited).licensedStates).toEqual(['TX']);
  });
});
