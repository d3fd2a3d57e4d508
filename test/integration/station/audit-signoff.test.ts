// A pharmacist confirms at a technician's station: a separate login whose tokens main drops (the technician stays
// signed in), wrong passwords refused and slowed, a non-pharmacist refused; a "pharmacist approved" stop is kept only
// with a confirmation, once, and the record names both people; sign-offs, review decisions, the admin's export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;

type Answer = { ok: true; value: any } | { ok: false; error: { code: string; message: string } };
const invoke = (channel: string, input?: unknown) => rig.station.invoke(channel, input) as Promise<Answer>;
const value = async (channel: string, input?: unknown) => {
  const answer = await invoke(channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value;
};
const refusal = async (channel: string, input?: unknown) => {
  const answer = await invoke(channel, input);
  if (answer.ok) throw new Error(`${channel} was expected to refuse`);
  return answer.error;
};

/** A stop of this test's order is what the pharmacist's confirmation is for. */
const CLEAR_STOP = { kind: 'clear_stop', orderId: 'order-signoff' } as const;

const stop = (overrides: Record<string, unknown> = {}) => ({
  orderId: 'order-signoff',
  orderNumber: '1000077',
  code: 'OTC-0002',
  entry: 'scanner',
  quantity: 1,
  matchedBy: 'sku',
  productId: 'product-not-on-order',
  lotId: null,
  lot: null,
  expiry: null,
  kind: 'not_on_order',
  reason: 'pharmacist_approved',
  note: 'Substitution approved',
  taskRef: null,
  ...overrides,
});

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
});
afterAll(async () => {
  await rig.close();
});

describe("a pharmacist's confirmation at the station", () => {
  it('refuses a wrong password and someone who is not a pharmacist, and leaves the technician signed in', async () => {
    expect(
      await refusal('session:confirmPharmacist', { who: PHARMACIST, password: 'not-it', purpose: CLEAR_STOP }),
    ).toMatchObject({
      code: 'invalid_credentials',
      message: 'That password is not right for that pharmacist.',
    });
    expect(
      await refusal('session:confirmPharmacist', { who: ADMIN, password: PASSWORD, purpose: CLEAR_STOP }),
    ).toMatchObject({
      code: 'forbidden',
    });
    const state = await value('session:state');
    expect(state).toMatchObject({ status: 'signed_in', role: 'technician', user: { email: TECHNICIAN } });
  });

  it('keeps a "pharmacist approved" stop only with a confirmation, uses it once, and names both people', async () => {
    const without = await refusal('audit:recordStop', stop());
    expect(without.code).toBe('invalid_input');
    expect(without.message).toContain('a pharmacist must confirm this reason here');
    const forged = await refusal('audit:recordStop', stop({ confirmationId: 'made-up-by-the-renderer' }));
    expect(forged.code).toBe('expired');

    const confirmation = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: CLEAR_STOP,
    });
    expect(confirmation.pharmacist).toEqual({ id: expect.any(String), email: PHARMACIST, name: 'Parker Pharmacist' });
    expect(JSON.stringify(confirmation)).not.toMatch(/token|eyJ/i);
    const kept = await value('audit:recordStop', stop({ confirmationId: confirmation.confirmationId }));
    expect(kept.user.email).toBe(TECHNICIAN);
    expect(kept.approvedBy).toEqual(confirmation.pharmacist);
    expect((await refusal('audit:recordStop', stop({ confirmationId: confirmation.confirmationId }))).code).toBe(
      'expired',
    );
    expect((await value('session:state')).user.email).toBe(TECHNICIAN);
  });

  it('a badge works once the station knows whose it is; an unknown badge asks for the email', async () => {
    const unknown = await refusal('session:confirmPharmacist', {
      who: 'USER-00000000-0000-4000-8000-000000000000-1A',
      password: PASSWORD,
      purpose: CLEAR_STOP,
    });
    expect(unknown).toMatchObject({ code: 'not_found' });
    const first = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: CLEAR_STOP,
    });
    const badge = `USER-${first.pharmacist.id}-1A`;
    const again = await value('session:confirmPharmacist', { who: badge, password: PASSWORD, purpose: CLEAR_STOP });
    expect(again.pharmacist.email).toBe(PHARMACIST);
  });

  it('refuses a count reason for a wrong product whatever the screen offers', async () => {
    const error = await refusal('audit:recordStop', stop({ reason: 'count_corrected', note: 'Counted again' }));
    expect(error.message).toContain('count_corrected is not a reason for a not_on_order stop');
  });

  it('slows password guessing like sign-in: after three wrong passwords the account waits', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await refusal('session:confirmPharmacist', { who: PHARMACIST, password: `wrong-${i}`, purpose: CLEAR_STOP }))
          .code,
      );
    }
    expect(codes.slice(0, 3)).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials']);
    expect(codes.slice(4)).toEqual(['rate_limited']);
    const waiting = await refusal('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: CLEAR_STOP,
    });
    expect(waiting).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/try again in \d+ s/) });
  });
});

describe('sign-offs, review decisions and the export', () => {
  const line = { productId: 'rx-controlled', sku: 'RX-0150', expected: 30, scanned: 30, controlled: true };
  const counted = { code: '30*RX-0150', entry: 'scanner', quantity: 30, result: 'counted', matchedBy: 'sku' };
  const scan = { ...counted, productId: 'rx-controlled', lotId: null, lot: null, expiry: null, stop: null };
  const record = (signOffs: unknown[]) => ({
    orderId: 'order-controlled',
    orderNumber: '1000078',
    outcome: 'verified',
    lines: [line],
    scans: [scan],
    taskRef: null,
    signOffs,
  });

  it('a controlled line is verified only with a pharmacist confirming its count, recorded with who', async () => {
    const error = await refusal('audit:record', record([]));
    expect(error.message).toContain('a controlled line is verified only with a pharmacist confirming its count');
    // The earlier test made the pharmacist's account wait: the admin account is not a pharmacist, so sign in anew.
    await value('session:signOut');
    await value('session:signIn', { email: ADMIN, password: PASSWORD });
    const reverify = await value('audit:record', {
      ...record([]),
      lines: [{ ...line, controlled: false }],
      signOffs: [
        { purpose: 'reverify', productId: null, note: 'Label reprinted, checked again', confirmationId: null },
      ],
    });
    expect(reverify.signOffs).toEqual([
      {
        purpose: 'reverify',
        productId: null,
        note: 'Label reprinted, checked again',
        by: { id: expect.any(String), email: ADMIN, name: 'Alex Admin' },
      },
    ]);
  });

  it('only a pharmacist records a review decision; a failed check needs its acknowledgement first', async () => {
    const review = {
      prescriptionId: 'rx-1',
      decision: 'reviewed',
      findings: [{ check: 'allergy', status: 'fail', finding: 'Allergy conflict', acknowledgement: null }],
      note: '',
      taskRef: null,
    };
    expect((await refusal('audit:recordReview', review)).code).toBe('invalid_input');
    const acknowledged = {
      ...review,
      findings: [{ ...review.findings[0], acknowledgement: 'Prescriber confirmed by phone' }],
    };
    expect((await refusal('audit:recordReview', acknowledged)).code).toBe('forbidden');
  });

  it('the export is an admin’s: every record of the range as JSON or CSV with the chain hashes', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const json = await value('audit:export', { from: today, to: today, format: 'json' });
    const parsed = JSON.parse(json.content);
    expect(parsed.records.map((r: any) => r.kind)).toEqual(['hard_stop', 'verification']);
    expect(parsed.records[0].record.approved_by_email).toBe(PHARMACIST);
    expect(parsed.records[1].prevHash).toBe(parsed.records[0].hash);
    const csv = await value('audit:export', { from: today, to: today, format: 'csv' });
    expect(csv.content.split('\r\n')[0]).toBe(
      'chain_seq,kind,id,recorded_at,user_email,user_name,subject,record,prev_hash,hash',
    );
    expect(csv.records).toBe(2);
    await value('session:signOut');
    await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
    expect((await refusal('audit:export', { from: today, to: today, format: 'csv' })).code).toBe('forbidden');
  });
});
