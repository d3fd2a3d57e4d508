// The screens are told when the pharmacy's record changes a pharmacy-wide setting, over the embedded record on its own
// SQLite: a setting changed tells them once, a claim or a review tells them nothing, and a stopped watch tells no more.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createEmbeddedRecord } from '../../../main/events/record/embedded-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { watchPharmacySettings } from '../../../main/service/settings/settings-changes.ts';
import { reviewDraft, technician } from './facts.ts';

const admin = { id: 'u-admin', name: 'Alex Admin', role: 'admin' };
const dirs: string[] = [];
const open: PharmacyRecord[] = [];

function record(): PharmacyRecord {
  const dir = mkdtempSync(join(tmpdir(), 'settings-changes-'));
  dirs.push(dir);
  const clock = { ms: Date.parse('2026-03-01T09:00:00Z') };
  const opened = createEmbeddedRecord({
    view: RecordView.inFolder(dir),
    stationName: 'Station 5',
    key: stationKeyFromSeed(newStationSeed()),
    now: () => (clock.ms += 1000),
  });
  open.push(opened);
  return opened;
}

const nameChanged = (name: string) =>
  ({ kind: 'setting_changed', person: admin, name: 'pharmacyName', value: JSON.stringify(name) }) as const;

afterEach(async () => {
  for (const opened of open.splice(0)) await opened.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the screens learn of a setting changed in the pharmacy's record", () => {
  it('an admin entering the pharmacy’s name is told to the screens once, and each later change again', async () => {
    const kept = record();
    let told = 0;
    watchPharmacySettings(kept, () => told++);
    await kept.append(nameChanged('Maple Street Pharmacy'));
    expect(told).toBe(1);
    await kept.append(nameChanged('Birch Lane Pharmacy'));
    expect(told).toBe(2);
  });

  it('a claim or a review decision changes no setting, and tells the screens nothing', async () => {
    const kept = record();
    let told = 0;
    watchPharmacySettings(kept, () => told++);
    expect((await kept.claim('order-1', 'A-1', technician)).ok).toBe(true);
    await kept.append(reviewDraft('rx-1', 'reviewed'));
    expect(told).toBe(0);
  });

  it('a setting already in the record when the station opens is not told again', async () => {
    const kept = record();
    await kept.append(nameChanged('Maple Street Pharmacy'));
    let told = 0;
    const stop = watchPharmacySettings(kept, () => told++);
    await kept.claim('order-1', 'A-1', technician);
    expect(told).toBe(0);
    stop();
    await kept.append(nameChanged('Birch Lane Pharmacy'));
    expect(told).toBe(0);
  });
});
