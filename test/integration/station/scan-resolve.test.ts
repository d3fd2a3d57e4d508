// scan:resolve against a real station and training service: each code comes back as a meaning (order, lot, badge,
// unknown, expired), and offline as what this station read earlier (dated) or a one-line "offline"; sign-out forgets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanOutcome } from '../../../contract/ipc/scan.ts';
import { stationCalls } from '../support/station-calls.ts';
import { PASSWORD, TECHNICIAN } from './harness.ts';
import { type OwnTrainingRig, startWithOwnTraining, toldOnline } from './own-training.ts';

let own: OwnTrainingRig;
let orders: { id: string; order_number: string }[];
beforeAll(async () => {
  own = await startWithOwnTraining();
  orders = await value('orders:list', { query: { page_size: 5 } });
}, 60_000);
afterAll(async () => {
  await own?.close();
});

const { invoke, value } = stationCalls(() => own.rig);
/** The outcome of the kind the test expects (it fails here on another kind). */
function ofKind<K extends ScanOutcome['kind']>(outcome: ScanOutcome, kind: K): Extract<ScanOutcome, { kind: K }> {
  if (outcome.kind !== kind) throw new Error(`expected a scan of kind ${kind}, main answered ${outcome.kind}`);
  return outcome as Extract<ScanOutcome, { kind: K }>;
}
async function scan(code: string) {
  const answer = await invoke('scan:resolve', { code });
  if (!answer.ok) throw new Error(`scan:resolve refused: ${answer.error.code} ${answer.error.message}`);
  return answer.value;
}
async function label(entityType: string, entityId: string): Promise<string> {
  const made = await invoke('barcodes:create', { params: { entity_type: entityType, entity_id: entityId }, body: {} });
  if (!made.ok) throw new Error(`barcodes:create refused: ${made.error.message}`);
  return (made.value as { value: string }).value;
}

describe('scan:resolve while the service answers', () => {
  it('opens an order by its UUID or its number, with the order to paint and no "as of"', async () => {
    const [first] = orders;
    for (const code of [first!.id, first!.order_number]) {
      const found = await scan(code);
      expect(found).toMatchObject({ kind: 'order', orderId: first!.id, orderNumber: first!.order_number, asOf: null });
      expect(ofKind(found, 'order').order.id).toBe(first!.id);
    }
  });

  it('opens the order an ORDER- label names, and says a replaced label no longer scans', async () => {
    const order = orders[1]!;
    const old = await label('order', order.id);
    const current = await label('order', order.id);
    expect(await scan(current)).toMatchObject({ kind: 'order', orderId: order.id });
    const expired = await scan(old);
    expect(expired.kind).toBe('expired');
    expect(ofKind(expired, 'expired').message).toContain(`${old} no longer scans`);
  });

  it("knows the signed-in person's own badge", async () => {
    const me = (await value('session:state', undefined)).user!.id!;
    expect(await scan(await label('user', me))).toEqual({ kind: 'badge', userId: me, self: true });
  });

  it('opens a lot from its label', async () => {
    const lots = await value('inventory:list', undefined);
    const lot = [...(lots.prescription ?? []), ...(lots.non_prescription ?? [])][0]!;
    expect(await scan(await label('inventory', lot.id))).toEqual({ kind: 'lot', lotId: lot.id, asOf: null });
  });

  it('says plainly what opens nothing: an unknown number, a label from elsewhere, a label read in part', async () => {
    expect(await scan('NOPE-123')).toEqual({
      kind: 'unknown',
      message: 'No order found for NOPE-123. Check the label and scan again.',
    });
    const stranger = await scan('ORDER-99999999-8888-4777-8666-555555555555-00000000');
    expect(stranger.kind).toBe('unknown');
    expect(ofKind(stranger, 'unknown').message).toContain('does not know the barcode');
    expect(await scan('ORDER-0b6f1c2e-4d5a')).toEqual({
      kind: 'unknown',
      message: 'Only part of the label was read (ORDER-0b6f1c2e-4d5a). Scan it again.',
    });
  });
});

describe('scan:resolve while the service is frozen', () => {
  it('opens an order read earlier at once, dated; an unread one answers "offline" in one line', async () => {
    const read = orders[0]!;
    const unread = orders[4]!;
    const since = own.rig.events.length;
    own.freeze();
    // The first call finds the service down (a hang, then a failed probe) and falls back to what was read.
    const first = await scan(read.order_number);
    expect(first).toMatchObject({ kind: 'order', orderId: read.id });
    expect(typeof ofKind(first, 'order').asOf).toBe('string');
    await toldOnline(own.rig, false, since);
    // By any name, and the order view's own read of it too.
    expect(await scan(read.id)).toMatchObject({ kind: 'order', orderId: read.id, asOf: ofKind(first, 'order').asOf });
    expect(await invoke('orders:get', { params: { order_id: read.id } })).toMatchObject({
      ok: true,
      value: { id: read.id },
    });
    const missing = await scan(unread.order_number);
    expect(missing.kind).toBe('offline');
    expect(ofKind(missing, 'offline').message).toContain(unread.order_number);
    expect(ofKind(missing, 'offline').message.split('\n')).toHaveLength(1);
    // A label read earlier still opens its order; the badge label is read from its own text.
    const me = (await value('session:state', undefined)).user!.id!;
    expect(await scan(`USER-${me}-0badc0de`)).toEqual({ kind: 'badge', userId: me, self: true });
  }, 60_000);

  it('forgets what it read at sign-out: the same scan then answers "offline"', async () => {
    const read = orders[0]!;
    await invoke('session:signOut', undefined);
    // Signing in again needs the service: resume it, sign in, and freeze it again.
    const since = own.rig.events.length;
    own.resume();
    await toldOnline(own.rig, true, since);
    const signedIn = await invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD });
    expect(signedIn.ok).toBe(true);
    own.freeze();
    const found = await scan(read.order_number);
    expect(found.kind).toBe('offline');
    own.resume();
  }, 60_000);
});
