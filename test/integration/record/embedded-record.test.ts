// A pharmacy of one station keeps the same record on its own SQLite: the newest review decides, an order is verified
// once, a claim lives while its heartbeat does, and everything survives a restart of the station.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAIM_LIVES_MS } from '../../../contract/pharmacy-record.ts';
import { newStationSeed, readSignedFact, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createEmbeddedRecord } from '../../../main/events/record/embedded-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { pharmacist, reviewDraft, technician, verifiedDraft } from './facts.ts';

const dirs: string[] = [];
const open: PharmacyRecord[] = [];
const key = stationKeyFromSeed(newStationSeed());

function station(dir: string, clock: { ms: number }): PharmacyRecord {
  const record = createEmbeddedRecord({
    view: RecordView.inFolder(dir),
    stationName: 'Station 1',
    key,
    now: () => clock.ms,
  });
  open.push(record);
  return record;
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-record-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const record of open.splice(0)) await record.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded record (a pharmacy of one station)', () => {
  it('the newest review decision of a prescription is the one that counts, and it is kept signed', async () => {
    const dir = folder();
    const clock = { ms: Date.parse('2026-03-01T09:00:00Z') };
    const record = station(dir, clock);
    await record.append(reviewDraft('rx-1', 'reviewed'));
    clock.ms += 1000;
    await record.append(reviewDraft('rx-1', 'needs_clarification'));
    expect(record.latestReview('rx-1')?.decision).toBe('needs_clarification');
    expect(record.latestReview('rx-2')).toBeNull();
    const view = new RecordView(join(dir, 'record.db'));
    const rows = view.db.all<{ signed: string; subject: string }>('SELECT signed, subject FROM facts');
    view.close();
    for (const row of rows) expect(readSignedFact(JSON.parse(row.signed), row.subject).ok).toBe(true);
  });

  it('an order is verified once: the second verification is refused, naming the first', async () => {
    const record = station(folder(), { ms: Date.parse('2026-03-01T09:00:00Z') });
    const first = await record.verified(verifiedDraft('order-1'));
    expect(first.ok).toBe(true);
    const second = await record.verified(verifiedDraft('order-1'));
    expect(second).toMatchObject({ ok: false, message: expect.stringContaining('Already verified at Station 1') });
    expect(record.factsOf('order_verified')).toHaveLength(1);
  });

  it('a claim lives while its heartbeat does and frees the order two minutes after the last one', async () => {
    const clock = { ms: Date.parse('2026-03-01T09:00:00Z') };
    const record = station(folder(), clock);
    expect((await record.claim('order-1', 'A-1', technician)).ok).toBe(true);
    clock.ms += CLAIM_LIVES_MS - 1000;
    expect((await record.claim('order-1', 'A-1', technician)).ok).toBe(true);
    clock.ms += CLAIM_LIVES_MS - 1000;
    expect(record.claimOf('order-1')?.kind).toBe('order_heartbeat');
    clock.ms += 2000;
    expect(record.claimOf('order-1')).toBeNull();
  });

  it('a released claim frees the order at once', async () => {
    const record = station(folder(), { ms: Date.parse('2026-03-01T09:00:00Z') });
    await record.claim('order-1', 'A-1', technician);
    await record.release('order-1', technician);
    expect(record.claimOf('order-1')).toBeNull();
  });

  it('what the record holds is still there after the station restarts', async () => {
    const dir = folder();
    const clock = { ms: Date.parse('2026-03-01T09:00:00Z') };
    const before = station(dir, clock);
    await before.append(reviewDraft('rx-1', 'exception'));
    await before.verified(verifiedDraft('order-1'));
    await before.close();
    open.splice(0);
    const after = station(dir, clock);
    expect(after.latestReview('rx-1')?.person).toEqual(pharmacist);
    expect((await after.verified(verifiedDraft('order-1'))).ok).toBe(false);
    expect(after.status()).toEqual({ state: 'embedded', pending: 0, conflicts: 0 });
  });
});
