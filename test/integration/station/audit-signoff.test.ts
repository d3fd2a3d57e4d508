// A pharmacist confirms at a technician's station: a separate login whose tokens main drops (the technician stays
// signed in), wrong passwords refused and slowed, a non-pharmacist refused; a "pharmacist approved" stop is kept only
// with a confirmation, once, and the record names both people; sign-offs, review decisions, the admin's export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChannelInputOf } from '../support/station-calls.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type DrivenLine, type DrivenOrder, verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
/** The stop of this test's order is what these confirmations are for. */
const stopOf = () => ({ kind: 'clear_stop', orderId: order.id }) as const;

const { value, refusal, controlled, orders, scan, scanAll, foreignProduct, reviewAll } = verifyDriver(() => rig);
let order: DrivenOrder;
let foreign: DrivenLine;
/** The UTC day (main's calendar for the export) the records began on: a run across midnight spans two. */
let firstDay: string;
const utcDay = () => new Date().toISOString().slice(0, 10);
const answerStop = (extra: Partial<ChannelInputOf<'verify:answerStop'>>) => ({
  orderId: order.id,
  reason: 'pharmacist_approved' as const,
  note: 'Substitution approved',
  taskRef: null,
  confirmationId: null,
  ...extra,
});

beforeAll(async () => {
  firstDay = utcDay();
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  // Every prescription of the orders this file takes (these statuses) reviewed "OK to fill" by the pharmacist first:
  // the pharmacist's gate is tested on its own. Not all 200 of the demo data: reviewing those was most of its set-up.
  await reviewAll('received,data_entry,shipped');
  order = (await orders('received,data_entry')).find((o) => !controlled(o))!;
  foreign = await foreignProduct(order);
  await value('verify:start', { orderId: order.id });
}, 60_000);
afterAll(async () => {
  await rig.close();
});

describe("a pharmacist's confirmation at the station", () => {
  it('refuses a wrong password and someone who is not a pharmacist, and leaves the technician signed in', async () => {
    expect(
      await refusal('session:confirmPharmacist', { who: PHARMACIST, password: 'not-it', purpose: stopOf() }),
    ).toMatchObject({
      code: 'invalid_credentials',
      message: 'That password is not right for that pharmacist.',
    });
    expect(
      await refusal('session:confirmPharmacist', { who: ADMIN, password: PASSWORD, purpose: stopOf() }),
    ).toMatchObject({
      code: 'forbidden',
    });
    const state = await value('session:state');
    expect(state).toMatchObject({ status: 'signed_in', role: 'technician', user: { email: TECHNICIAN } });
  });

  it('lets a "pharmacist approved" stop go only with a confirmation, uses it once, and names both people', async () => {
    await scan(order.id, foreign.sku);
    const without = await refusal('verify:answerStop', answerStop({}));
    expect(without).toMatchObject({ code: 'forbidden' });
    expect(without.message).toContain('A pharmacist confirms this at the station');
    const forged = await refusal('verify:answerStop', answerStop({ confirmationId: 'made-up-by-the-renderer' }));
    expect(forged.code).toBe('expired');

    const confirmation = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: stopOf(),
    });
    expect(confirmation.pharmacist).toEqual({ id: expect.any(String), email: PHARMACIST, name: 'Parker Pharmacist' });
    expect(JSON.stringify(confirmation)).not.toMatch(/token|eyJ/i);
    await value('verify:answerStop', answerStop({ confirmationId: confirmation.confirmationId }));
    const [kept] = await value('audit:stops', { orderId: order.id });
    expect(kept?.user.email).toBe(TECHNICIAN);
    expect(kept?.approvedBy).toEqual(confirmation.pharmacist);
    await scan(order.id, foreign.sku);
    const replayed = answerStop({ confirmationId: confirmation.confirmationId });
    expect((await refusal('verify:answerStop', replayed)).code).toBe('expired');
    expect((await value('session:state')).user?.email).toBe(TECHNICIAN);
  });

  it('a badge works once the station knows whose it is; an unknown badge asks for the email', async () => {
    const unknown = await refusal('session:confirmPharmacist', {
      who: 'USER-00000000-0000-4000-8000-000000000000-1A',
      password: PASSWORD,
      purpose: stopOf(),
    });
    expect(unknown).toMatchObject({ code: 'not_found' });
    const first = await value('session:confirmPharmacist', { who: PHARMACIST, password: PASSWORD, purpose: stopOf() });
    const badge = `USER-${first.pharmacist.id}-1A`;
    const again = await value('session:confirmPharmacist', { who: badge, password: PASSWORD, purpose: stopOf() });
    expect(again.pharmacist.email).toBe(PHARMACIST);
  });

  it('refuses a count reason for a wrong product whatever the screen offers', async () => {
    const error = await refusal('verify:answerStop', answerStop({ reason: 'count_corrected', note: 'Counted again' }));
    expect(error).toMatchObject({ code: 'invalid_input', message: 'That reason does not fit this stop.' });
    await value('verify:answerStop', answerStop({ reason: 'removed', note: 'Taken out' }));
  });

  it('slows password guessing like sign-in: after three wrong passwords the account waits', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await refusal('session:confirmPharmacist', { who: PHARMACIST, password: `wrong-${i}`, purpose: stopOf() }))
          .code,
      );
    }
    expect(codes.slice(0, 3)).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials']);
    expect(codes.slice(4)).toEqual(['rate_limited']);
    const waiting = await refusal('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: stopOf(),
    });
    expect(waiting).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/try again in \d+ s/) });
  });
});

describe('sign-offs, review decisions and the export', () => {
  it('an admin’s re-verify is signed by the admin main saw, and recorded with who', async () => {
    // The earlier test made the pharmacist's account wait: the admin account is not a pharmacist, so sign in anew.
    await value('session:signOut');
    await value('session:signIn', { email: ADMIN, password: PASSWORD });
    const shipped = (await orders('shipped')).find((o) => !controlled(o))!;
    const reverify = {
      purpose: 'reverify' as const,
      productId: null,
      note: 'Label reprinted, checked again',
      confirmationId: null,
    };
    await value('verify:start', { orderId: shipped.id, signOffs: [reverify] });
    const last = await scanAll(shipped);
    expect(last.run.recorded!.signOffs).toEqual([
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
    // Every record of this file is in the range from the day it began to today, whatever the time of day.
    const range = { from: firstDay, to: utcDay() };
    const json = await value('audit:export', { ...range, format: 'json' });
    const parsed = z
      .looseObject({ records: z.array(z.looseObject({ kind: z.string(), record: z.looseObject({}) })) })
      .parse(JSON.parse(json.content));
    // The reviews that let the orders past the pharmacist's gate come first; then this run's stops and record. The
    // confirmations refused above (the wrong passwords) are records too.
    const refused = parsed.records.filter((r) => r.kind === 'refused_confirmation');
    expect(refused.map((r) => r.record.reason)).toContain('wrong_password');
    const ofRuns = parsed.records.filter((r) => !['review_decision', 'refused_confirmation'].includes(r.kind));
    const kinds = ofRuns.map((r) => r.kind);
    expect(kinds.at(-1)).toBe('verification');
    expect(kinds.slice(0, -1).every((kind: string) => kind === 'hard_stop')).toBe(true);
    expect(ofRuns[0]!.record.approved_by_email).toBe(PHARMACIST);
    expect(parsed.records[1]!.prevHash).toBe(parsed.records[0]!.hash);
    const csv = await value('audit:export', { ...range, format: 'csv' });
    expect(csv.content.split('\r\n')[0]).toBe(
      'chain_seq,kind,id,recorded_at,user_email,user_name,subject,record,prev_hash,hash',
    );
    expect(csv.records).toBe(parsed.records.length);
    await value('session:signOut');
    await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
    expect((await refusal('audit:export', { ...range, format: 'csv' })).code).toBe('forbidden');
  });
});
