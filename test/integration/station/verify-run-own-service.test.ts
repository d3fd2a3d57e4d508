// Main's verification run against a training service the test owns: its data changed behind it (a pharmacist named as
// the picker, which no API can do) and the service frozen (offline). Main holds its rules from what it read itself.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, TECHNICIAN } from './harness.ts';
import { type OwnTrainingRig, startWithOwnTraining, toldOnline } from './own-training.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let own: OwnTrainingRig;
let folder: string;
let dbFile: string;
const { value, refusal, controlled, orders, scan, reviewAll } = verifyDriver(() => own.rig);

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'verify-own-service-'));
  dbFile = join(folder, 'training.db');
  own = await startWithOwnTraining(40, dbFile);
  // Every prescription of the orders this file takes (these statuses) reviewed "OK to fill" by the pharmacist first:
  // the pharmacist's gate is tested on its own. Not all 200 of the demo data: reviewing those was most of its set-up.
  await reviewAll('received,data_entry,picked');
}, 60_000);
afterAll(async () => {
  await own?.close();
  await rm(folder, { recursive: true, force: true });
});

/** Names `email` as the person who moved the order into Picked, straight in the service's own database. */
function namePicker(orderId: string, email: string): void {
  const db = new DatabaseSync(dbFile);
  try {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };
    db.prepare("UPDATE order_status_history SET updated_by = ? WHERE order_id = ? AND status = 'picked'").run(
      user.id,
      orderId,
    );
  } finally {
    db.close();
  }
}

/** The audit log's refused confirmations about one order, read from the station's own audit.db. */
function ownPickRefusals(orderId: string): unknown[] {
  const find = (dir: string): string | null => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isFile() && entry.name === 'audit.db') return path;
      const inside = entry.isDirectory() ? find(path) : null;
      if (inside) return inside;
    }
    return null;
  };
  const db = new DatabaseSync(find(own.rig.dataDir) as string, { readOnly: true });
  try {
    const sql = 'SELECT reason, confirmed_email, user_email FROM refused_confirmations WHERE subject = ?';
    return db
      .prepare(sql)
      .all(orderId)
      .map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

describe("main's verification run, whatever the service allows", () => {
  it('a pharmacist who picked the order cannot override their own pick', async () => {
    await value('session:signOut');
    await value('session:signIn', { email: PHARMACIST, password: PASSWORD });
    const order = (await orders('picked')).find((o) => !controlled(o))!;
    namePicker(order.id, PHARMACIST);
    expect((await refusal('verify:start', { orderId: order.id })).message).toContain('You picked this order');
    const own = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: { kind: 'picker_override', orderId: order.id },
    });
    const override = {
      purpose: 'picker_override',
      productId: null,
      note: 'Night shift',
      confirmationId: own.confirmationId,
    };
    expect(await refusal('verify:start', { orderId: order.id, signOffs: [override] })).toMatchObject({
      code: 'forbidden',
      message: 'The person who picked the order cannot override for themselves.',
    });
    // The refusal is an audit record, not only a log line.
    expect(ownPickRefusals(order.id)).toEqual([
      { reason: 'own_pick', confirmed_email: PHARMACIST, user_email: PHARMACIST },
    ]);
    await value('session:signOut');
    await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  }, 60_000);

  it('offline, an open run goes on from what main read: nothing unknown counts, a short line is not verified, and main’s run says it went on offline', async () => {
    const [order, unread] = (await orders('received,data_entry')).filter((o) => !controlled(o));
    if (!order || !unread) throw new Error('the demo data has too few such records');
    const started = await value('verify:start', { orderId: order.id });
    expect(started.offline).toBe(false);
    own.freeze();
    const since = own.rig.events.length;
    // Not read before: the station finds the service down on this call.
    expect(await refusal('orders:get', { params: { order_id: unread.id } })).toMatchObject({ code: 'offline' });
    await toldOnline(own.rig, false, since);
    expect((await refusal('verify:start', { orderId: unread.id })).message).toContain('This verification cannot start');
    const rx = order.products.prescription![0]!;
    const nothing = await scan(order.id, 'NOTHING-SCANNED', { entry: 'typed', quantity: rx.quantity });
    expect(nothing.run.scans.at(-1)?.result).toBe('unrecognised');
    const counted = await scan(order.id, rx.sku, { entry: 'typed', quantity: rx.quantity! - 1 });
    expect(counted.offline).toBe(true);
    expect(counted.run.scans.at(-1)).toMatchObject({ result: 'counted', quantity: rx.quantity! - 1 });
    const ended = await value('verify:finish', { orderId: order.id, taskRef: null, controlledCount: null });
    expect(ended.run.recorded?.outcome).toBe('discrepancy');
    expect(ended.offline).toBe(true);
    // The audit record says so too, written from main's run: it went on offline from the read cache.
    expect(ended.run.recorded?.offline).toBe(true);
    const [kept] = await value('audit:list', { orderId: order.id, limit: 1 });
    if (!kept) throw new Error('the demo data has too few such records');
    expect(kept).toMatchObject({ id: ended.run.recorded?.id, offline: true });
    expect(kept?.orderAsRead).toEqual({
      patientId: order.patient!.id,
      electronicPrescriptionIds: order.electronic_prescription_ids,
    });
    own.resume();
    await toldOnline(own.rig, true, since);
    // A run opened and finished online says it did not go offline.
    const started2 = await value('verify:start', { orderId: unread.id });
    expect(started2.offline).toBe(false);
    const online = await value('verify:finish', { orderId: unread.id, taskRef: null, controlledCount: null });
    expect(online.run.recorded).toMatchObject({ outcome: 'discrepancy', offline: false });
  }, 60_000);
});
