// The work queue through the station's channel against the training service over real HTTP, behind a proxy that
// counts the service requests: prescriptions waiting for review leave the list at "OK to fill", a clarification moves
// them to the holds with the task named, a picked order waits for verification with its gate, and one reading of the
// queue costs the service two requests whatever it holds.
import type { ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from '../../bench/lib/child.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const root = join(import.meta.dirname, '../../..');
let training: { url: string; child: ChildProcess };
let proxy: Server;
let rig: StationRig;
const requests: string[] = [];
const { value, refusal, orders, prescriptionsOf, review } = verifyDriver(() => rig);

/** Forwards every call to the training service and notes each one that is not signing in. */
function countingProxy(target: URL): Server {
  return createServer((incoming, outgoing) => {
    if (!incoming.url?.startsWith('/api/v1/auth/')) requests.push(`${incoming.method} ${incoming.url}`);
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
}

beforeAll(async () => {
  training = await startChild(
    [join(root, 'training/cli.ts'), '--port', '0', '--db', ':memory:', '--orders', '40', '--paused', '--quiet'],
    /training service listening on (http:\/\/\S+)/,
  );
  proxy = countingProxy(new URL(training.url));
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', () => done()));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  rig = await startStationRig({ startTraining: async () => ({ url, stop: async () => {} }) });
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);

afterAll(async () => {
  await rig?.close();
  proxy?.closeAllConnections();
  await new Promise((done) => proxy?.close(done));
  training?.child.kill('SIGTERM');
});

const queue = () => value('workQueue:get');

describe('the work queue, answered by main', () => {
  it('one reading costs the service two requests: the open orders and the unreviewed prescriptions', async () => {
    await queue();
    requests.length = 0;
    const read = await queue();
    // The station's own background reads (the poller, the subscription) may run meanwhile: the queue's are these two.
    const queueReads = requests.filter((r) => /status=(received|new)/.test(r));
    expect(queueReads.map((r) => r.split('?')[0]).sort()).toEqual(['GET /api/v1/orders', 'GET /api/v1/prescriptions']);
    // Nothing read one by one: no order, no electronic prescription, no patient.
    expect(requests.filter((r) => /\/(orders|prescriptions|patients)\/[^?]/.test(r))).toEqual([]);
    expect(read.offline).toBe(false);
  });

  it('every prescription of an open order waits for review until a pharmacist decides, with the patient named', async () => {
    const open = await orders('received,data_entry,picked');
    const read = await queue();
    const waiting = new Set(read.review.map((row) => row.prescriptionId));
    for (const order of open.slice(0, 5)) {
      for (const prescription of await prescriptionsOf(order)) {
        if (!order.products.prescription!.some((l) => l.id === prescription.prescription_product_id)) continue;
        expect(waiting.has(prescription.id)).toBe(true);
      }
    }
    const row = read.review[0];
    expect(row?.patient.name).toMatch(/\w+ \w+/);
    expect(typeof row?.patient.age).toBe('number');
  });

  it('a picked order waits for verification, held at the gate until "OK to fill", then open for counting', async () => {
    const [picked] = await orders('picked');
    if (!picked) throw new Error('the demo data has too few such records');
    const before = (await queue()).verify.find((row) => row.orderId === picked.id);
    expect(before).toMatchObject({ gate: 'not_reviewed', orderNumber: picked.order_number });
    await review(picked, 'reviewed');
    const after = await queue();
    expect(after.verify.find((row) => row.orderId === picked.id)).toMatchObject({ gate: 'ok_to_fill' });
    const reviewed = new Set((await prescriptionsOf(picked)).map((p) => p.id));
    expect(after.review.filter((row) => reviewed.has(row.prescriptionId))).toEqual([]);
  });

  it('"Needs clarification" moves the prescription to the holds, naming the task and who decided', async () => {
    const order = (await orders('received,data_entry')).find((o) => (o.electronic_prescription_ids ?? []).length > 0)!;
    const [prescription] = await prescriptionsOf(order);
    if (!prescription) throw new Error('the demo data has too few such records');
    const body = { name: 'Needs clarification: dose for age', description: 'Ask', category_code: 'T02' };
    const task = await value('tasks:enqueue', { kind: 'create', body: { ...body, prescription_id: prescription.id } });
    await review(order, 'needs_clarification', task.id);
    const read = await queue();
    expect(read.review.some((row) => row.prescriptionId === prescription.id)).toBe(false);
    const held = read.holds.find((row) => row.prescriptionId === prescription.id);
    expect(held?.hold).toMatchObject({
      decision: 'needs_clarification',
      task: 'Needs clarification: dose for age',
      note: 'Ask the prescriber',
      mine: false,
    });
    expect(held?.hold?.by).toBeTruthy();
  });

  it('a page cannot pass anything to the channel: any input is refused', async () => {
    expect(await refusal('workQueue:get', { holds: [] })).toMatchObject({ code: 'invalid_input' });
  });
});
