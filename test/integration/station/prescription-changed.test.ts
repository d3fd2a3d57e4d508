// A prescriber changes or cancels a prescription at the service (the training service's own operations, played by a
// trainer over real HTTP), and main decides from what it reads now: an "OK to fill" given before the quantity, days
// supply or refills changed no longer counts for a run or a label; a cancelled prescription starts no run, prints no
// label and stops the record of a run started before it, each naming the prescription; the review shows it cancelled.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from '../../bench/lib/child.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let training: { url: string; child: ChildProcess };
let rig: StationRig;
const { invoke, value, refusal, controlled, orders, scanAll, prescriptionsOf, review } = verifyDriver(() => rig);
const used = new Set<string>();

/** The trainer, playing the prescriber: a training-only operation as the admin, over HTTP. */
async function asPrescriber(method: 'PUT' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const login = await fetch(`${training.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const answer = await fetch(`${training.url}/api/v1/training/prescriptions/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(answer.status, `${method} ${path}`).toBe(200);
  return answer.json();
}

/** An open order nobody verified, not controlled, with one prescription naming its one prescription line. */
async function freshOrder() {
  for (const order of await orders('received,data_entry,picked')) {
    if (used.has(order.id) || controlled(order)) continue;
    const prescriptions = await prescriptionsOf(order);
    const lines = order.products?.prescription ?? [];
    const [prescription] = prescriptions;
    const [line] = lines;
    if (lines.length !== 1 || prescriptions.length !== 1 || !prescription || !line) continue;
    if (prescription.prescription_product_id !== line.id || prescription.status === 'cancelled') continue;
    used.add(order.id);
    return {
      order,
      prescription,
      label: { document: { kind: 'prescription_label' as const, orderId: order.id, prescriptionId: prescription.id } },
    };
  }
  throw new Error('the demo data has no such order left');
}

beforeAll(async () => {
  training = await startChild(
    [join(import.meta.dirname, '../../../training/cli.ts'), '--port', '0', '--db', ':memory:', '--orders', '60'],
    /training service listening on (http:\/\/\S+)/,
  );
  rig = await startStationRig(
    { startTraining: async () => ({ url: training.url, stop: async () => {} }) },
    { techCheckTech: 'allowed' },
  );
  // Labels name the pharmacy; without it a label is refused for that reason before any other.
  await value('session:signIn', { email: ADMIN, password: PASSWORD });
  await value('settings:update', {
    pharmacyName: 'Maple Street',
    pharmacyAddress: '120 Maple St',
    pharmacyPhone: '555-0100',
  });
  await value('session:signOut');
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 90_000);
afterAll(async () => {
  await rig?.close();
  training?.child.kill('SIGTERM');
});

describe('a prescription the prescriber changed after the "OK to fill"', () => {
  it('no longer counts once the quantity changed: no run, no label, until a pharmacist reviews it again', async () => {
    const { order, prescription, label } = await freshOrder();
    await review(order, 'reviewed');
    expect(await value('verify:start', { orderId: order.id })).toMatchObject({ orderId: order.id });
    await value('verify:dropRun', { orderId: order.id });
    await asPrescriber('PUT', prescription.id, { quantity: (prescription.quantity ?? 30) + 30 });
    const refused = await refusal('verify:start', { orderId: order.id });
    expect(refused.code).toBe('not_allowed');
    expect(refused.message).toMatch(/cannot be verified yet: Changed since review: the prescription for .* changed/);
    expect((await refusal('print:prepare', label)).message).toMatch(/^No label yet: Changed since review/);
    const holds = await value('workQueue:orderHolds', { orderId: order.id });
    expect(holds.map((hold) => hold.state.kind)).toEqual(['changed_since_review']);
    // Reviewed again, of the prescription as it is now: the OK counts.
    await review(order, 'reviewed');
    expect(await value('workQueue:orderHolds', { orderId: order.id })).toEqual([]);
  });

  it('no longer counts once the days supply or the refills changed', async () => {
    for (const change of [{ days_supply: 90 }, { refills: 5 }]) {
      const { order, prescription } = await freshOrder();
      await review(order, 'reviewed');
      expect(await value('workQueue:orderHolds', { orderId: order.id })).toEqual([]);
      await asPrescriber('PUT', prescription.id, change);
      const holds = await value('workQueue:orderHolds', { orderId: order.id });
      expect(
        holds.map((hold) => hold.state.kind),
        JSON.stringify(change),
      ).toEqual(['changed_since_review']);
    }
  });

  it('changed during a run: the count is kept and the record refused, saying it changed since review', async () => {
    const { order, prescription } = await freshOrder();
    await review(order, 'reviewed');
    await value('verify:start', { orderId: order.id });
    await asPrescriber('PUT', prescription.id, { directions: 'Take 2 tablets by mouth daily' });
    const last = await scanAll(order);
    expect(last.run.recorded).toBeNull();
    expect(last.said?.text).toMatch(/Counted, but not recorded: Not recorded as verified: Changed since review/);
    expect(await value('audit:list', { orderId: order.id })).toEqual([]);
    await value('verify:dropRun', { orderId: order.id });
  });
});

describe('a prescription the prescriber cancelled', () => {
  it('starts no run and prints no label, each naming the cancelled prescription, whatever its review said', async () => {
    const { order, prescription, label } = await freshOrder();
    await review(order, 'reviewed');
    await asPrescriber('POST', `${prescription.id}/cancel`, { reason: 'Prescriber stopped the medication' });
    const refused = await refusal('verify:start', { orderId: order.id });
    expect(refused.code).toBe('not_allowed');
    expect(refused.message).toMatch(/cannot be verified yet: Cancelled: the prescription for .* is cancelled/);
    const noLabel = await refusal('print:prepare', label);
    expect(noLabel.message).toMatch(/^No label yet: Cancelled: the prescription for .* is cancelled and is not filled/);
    // The review, as main opens it, shows the prescription cancelled.
    const opened = await value('review:open', { prescriptionId: prescription.id, orderId: order.id });
    expect(opened.prescription.status).toBe('cancelled');
  });

  it('cancelled during a run: a banner stops it at once, and the count is kept but the record refused, each naming the prescription', async () => {
    const { order, prescription } = await freshOrder();
    await review(order, 'reviewed');
    await value('verify:start', { orderId: order.id });
    const since = rig.events.length;
    await asPrescriber('POST', `${prescription.id}/cancel`);
    // The service's prescription.cancelled reaches main (its webhook): the verify screen's banner names the prescription.
    const shown = await rig.waitForEvent<'order.interrupted'>(
      (event, p) => event === 'order.interrupted' && p.orderId === order.id,
      15_000,
      since,
    );
    expect(shown).toMatchObject({ change: 'cancelled', learntFrom: 'webhook', orderNumber: order.order_number });
    expect(shown.message).toMatch(
      new RegExp(
        `^The prescription for ${prescription.drug_name}.* on order ${order.order_number} was cancelled at the service\\. Stop:`,
      ),
    );
    const last = await scanAll(order);
    expect(last.run.recorded).toBeNull();
    expect(last.said?.text).toMatch(
      /Counted, but not recorded: Not recorded as verified: Cancelled: the prescription for .* is cancelled/,
    );
    const finish = await invoke('verify:finish', { orderId: order.id, taskRef: null, controlledCount: null });
    expect(finish).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect(await value('audit:list', { orderId: order.id })).toEqual([]);
  });
});
