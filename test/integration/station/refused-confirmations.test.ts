// A pharmacist's confirmation main refuses is an audit record, not only a log line: a technician's own login, a wrong
// password, a badge main does not know, a controlled count that does not match the scans. Each names who was signed in
// and what was asked; no password typed, in whichever field, is ever in the audit file or the log.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
const { invoke, value, refusal, controlled, orders, scanAll, review } = verifyDriver(() => rig);

/** The audit.db file of the rig's data folder, and every file beside it (its WAL too). */
function auditFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.startsWith('audit.db')) found.push(path);
    }
  };
  walk(rig.dataDir);
  return found;
}

function refusals(): Record<string, unknown>[] {
  const file = auditFiles().find((path) => path.endsWith('audit.db')) as string;
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare('SELECT * FROM refused_confirmations ORDER BY seq').all();
  } finally {
    db.close();
  }
}

/** Whether `text` is anywhere in the audit files (bytes) or the station's log lines. */
const anywhere = (text: string) =>
  auditFiles().some((path) => readFileSync(path).includes(Buffer.from(text))) ||
  rig.lines.some((line) => line.includes(text));

const confirm = (who: string, password: string, orderId: string, kind = 'clear_stop') =>
  invoke('session:confirmPharmacist', { who, password, purpose: { kind, orderId } });

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe('refused confirmations are audit records', () => {
  it('a technician’s own login is refused and kept: who asked, for what, whose account it was', async () => {
    const [order] = await orders('received,data_entry');
    if (!order) throw new Error('the demo data has too few such records');
    expect(await confirm(TECHNICIAN, PASSWORD, order.id)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(refusals().at(-1)).toMatchObject({
      purpose: 'clear_stop',
      subject: order.id,
      reason: 'not_a_pharmacist',
      claimed_email: TECHNICIAN,
      confirmed_email: TECHNICIAN,
      user_email: TECHNICIAN,
    });
  });

  it('a wrong password is kept with the account named, never the password; one typed as the name is not kept', async () => {
    const [order] = await orders('received,data_entry');
    if (!order) throw new Error('the demo data has too few such records');
    const wrong = 'Wrong-Password-77!';
    expect(await confirm(PHARMACIST, wrong, order.id)).toMatchObject({
      ok: false,
      error: { code: 'invalid_credentials' },
    });
    expect(refusals().at(-1)).toMatchObject({
      reason: 'wrong_password',
      claimed_email: PHARMACIST,
      confirmed_email: null,
    });
    // A password typed into the badge-or-email field by mistake: refused, and never written anywhere.
    const typedAsName = 'Secret-In-The-Wrong-Field-9';
    expect((await confirm(typedAsName, wrong, order.id)).ok).toBe(false);
    expect(refusals().at(-1)).toMatchObject({ reason: 'unknown_person', claimed_email: null });
    for (const secret of [wrong, typedAsName, PASSWORD]) expect(anywhere(secret), secret).toBe(false);
  });

  it('a badge main does not know yet is kept as refused', async () => {
    const [order] = await orders('received,data_entry');
    if (!order) throw new Error('the demo data has too few such records');
    const badge = 'USER-00000000-0000-4000-8000-00000000abcd-1A';
    expect((await confirm(badge, 'whatever', order.id)).ok).toBe(false);
    expect(refusals().at(-1)).toMatchObject({ reason: 'unknown_person', claimed_email: null });
  });

  it('a pharmacist’s controlled count that does not match the scans is refused and kept', async () => {
    const order = (await orders('received,data_entry')).find((o) => controlled(o))!;
    await review(order);
    await value('verify:start', { orderId: order.id });
    const last = await scanAll(order);
    const line = last.run.lines.find((l) => l.controlled)!;
    const given = await confirm(PHARMACIST, PASSWORD, order.id, 'controlled_count');
    const counts = [{ productId: line.productId, counted: line.expected + 1 }];
    const controlledCount = { confirmationId: given.ok ? given.value.confirmationId : '', counts };
    const answer = await refusal('verify:finish', { orderId: order.id, taskRef: null, controlledCount });
    expect(answer.code).toBe('conflict');
    expect(refusals().at(-1)).toMatchObject({
      purpose: 'controlled_count',
      subject: order.id,
      reason: 'count_mismatch',
      confirmed_email: PHARMACIST,
      user_email: TECHNICIAN,
      detail: answer.message,
    });
    await invoke('verify:dropRun', { orderId: order.id });
  });

  it('the refusals are chained with the rest of the log: the chain holds', async () => {
    const file = auditFiles().find((path) => path.endsWith('audit.db')) as string;
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const links = db
        .prepare("SELECT COUNT(*) AS n FROM audit_chain WHERE record_table = 'refused_confirmations'")
        .get() as { n: number };
      expect(links.n).toBe(refusals().length);
    } finally {
      db.close();
    }
  });
});
