// Who may do what, decided in main and tried as a hostile page would, on a permissive service (every call carries an
// admin's token, so only main's own rules refuse): a pharmacist's confirmation serves its one purpose and subject,
// under the sign-in it was given in, for 5 minutes; a role read back from disk allows reading only until the service
// confirms who this is; rotating the webhook secret is an admin's.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DocumentRef, documentKeyOf } from '../../../contract/documents.ts';
import { SESSION_STATE_FILE } from '../../../main/service/session/account-memory.ts';
import { CONFIRMATION_LIFETIME_MS } from '../../../main/service/session/pharmacist-confirm.ts';
import { type ChannelInputOf, stationCalls } from '../support/station-calls.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type PermissiveService, startPermissiveService } from './permissive-service.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let service: PermissiveService;
let rig: StationRig;
/** Main's clock for what expires, moved by the tests. */
let clock = Date.parse('2026-11-27T09:00:00Z');
const { invoke, value, refusal } = stationCalls(() => rig);

const confirm = (purpose: ChannelInputOf<'session:confirmPharmacist'>['purpose']) =>
  value('session:confirmPharmacist', { who: PHARMACIST, password: PASSWORD, purpose });
/**
 * Two orders' first prescription labels, from the `skip`th order with one on (none verified: each prints only on a
 * pharmacist's override; each test takes labels no other test printed).
 */
async function twoLabels(skip = 0): Promise<[DocumentRef, DocumentRef]> {
  const labels: DocumentRef[] = [];
  for (const order of await value('orders:list', { query: { page_size: 40 } })) {
    const erxId = order.electronic_prescription_ids?.[0];
    if (!erxId || labels.length === skip + 2) continue;
    const erx = await value('prescriptions:getElectronic', { params: { electronic_prescription_id: erxId } });
    const item = erx.prescriptions?.[0];
    if (item) labels.push({ kind: 'prescription_label', orderId: order.id, prescriptionId: item.id });
  }
  return labels.slice(skip) as [DocumentRef, DocumentRef];
}
/** Prints a label on a pharmacist's override: main's answer. */
async function printOverridden(document: DocumentRef, confirmationId: string) {
  const prepared = await value('print:prepare', { document });
  const override = { confirmationId, note: 'Checked the vial by hand' };
  return invoke('print:document', { ticket: prepared.ticket, output: 'pdf', override });
}
const overrideOf = (document: DocumentRef) =>
  ({ kind: 'print_override', documentKey: documentKeyOf(document) }) as const;

const signInAs = async (email: string) => {
  await value('session:signOut');
  await value('session:signIn', { email, password: PASSWORD });
};

beforeAll(async () => {
  service = await startPermissiveService(20);
  rig = await startStationRig({
    startTraining: async () => ({ url: service.url, stop: async () => {} }),
    now: () => clock,
  });
  await value('session:signIn', { email: ADMIN, password: PASSWORD });
  await value('settings:update', {
    pharmacyName: 'Maple Street',
    pharmacyAddress: '120 Maple St',
    pharmacyPhone: '555',
  });
  // Every prescription reviewed "OK to fill" by the pharmacist first: the pharmacist's gate is tested on its own.
  await verifyDriver(() => rig).reviewAll();
}, 60_000);
afterAll(async () => {
  try {
    await rig?.close();
  } finally {
    await service?.close();
  }
});

describe('a pharmacist’s confirmation serves what it was given for', () => {
  it('one given for the print override of order A’s label does not serve order B’s', async () => {
    const [labelA, labelB] = await twoLabels();
    const given = await confirm({ kind: 'print_override', documentKey: documentKeyOf(labelA) });
    const override = { confirmationId: given.confirmationId, note: 'Checked the vial by hand' };
    const b = await value('print:prepare', { document: labelB });
    expect(b).toMatchObject({ allowed: false, ticket: expect.any(String) });
    expect(await refusal('print:document', { ticket: b.ticket, output: 'pdf', override })).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('given for something else'),
    });
    expect(await value('print:history', { document: labelB })).toEqual([]);
    const a = await value('print:prepare', { document: labelA });
    const printed = await value('print:document', { ticket: a.ticket!, output: 'pdf', override });
    expect(printed.copy).toBe(1);
    const [record] = await value('print:history', { document: labelA });
    expect(record).toMatchObject({ grounds: 'pharmacist', overrideBy: { email: PHARMACIST } });
  });

  it('one taken before the technician signed out does not serve after, even for the same person', async () => {
    const [, label] = await twoLabels();
    const given = await confirm(overrideOf(label));
    await signInAs(TECHNICIAN);
    expect(await printOverridden(label, given.confirmationId)).toMatchObject({ ok: false, error: { code: 'expired' } });
  });

  it('lives 5 minutes: it serves just before, never after', async () => {
    const [labelA, labelB] = await twoLabels(2);
    const early = await confirm(overrideOf(labelA));
    const late = await confirm(overrideOf(labelB));
    clock += CONFIRMATION_LIFETIME_MS - 1;
    expect(await printOverridden(labelA, early.confirmationId)).toMatchObject({ ok: true });
    clock += 2;
    expect(CONFIRMATION_LIFETIME_MS).toBeLessThanOrEqual(5 * 60_000);
    expect(await printOverridden(labelB, late.confirmationId)).toMatchObject({ ok: false, error: { code: 'expired' } });
  });
});

describe('rotating the webhook secret is an admin’s, whatever the service allows', () => {
  it('a technician is refused by main, and the key kept stays', async () => {
    const before = await rig.secrets.get('webhook-secret training');
    const answer = await invoke('notifications:rotateSecret', { confirmed: true });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('admin') },
    });
    expect(await rig.secrets.get('webhook-secret training')).toBe(before);
  });
});

describe('a role read back from disk', () => {
  it('allows reading only until the service confirms who this is; then the real role applies', async () => {
    await rig.stop();
    const file = join(rig.dataDir, SESSION_STATE_FILE);
    // The saved session, edited as someone with the disk could: every account's role made admin.
    const saved = z
      .looseObject({ accounts: z.record(z.string(), z.looseObject({ role: z.unknown() })) })
      .parse(JSON.parse(await readFile(file, 'utf8')));
    for (const account of Object.values(saved.accounts)) account.role = 'admin';
    await writeFile(file, JSON.stringify(saved));
    await service.pause();
    await rig.restart();
    expect(await value('session:state')).toMatchObject({ status: 'signed_in', role: 'admin', roleConfirmed: false });
    for (const [channel, input] of [
      ['diagnostics:drift', undefined],
      ['notifications:rotateSecret', { confirmed: true }],
      ['audit:export', { from: '2026-11-27', to: '2026-11-27', format: 'json' }],
      ['report:inspector', { log: 'controlled', from: '2026-11-27', to: '2026-11-27' }],
      ['settings:update', { pharmacyName: 'Elsewhere Pharmacy' }],
      ['settings:update', { backend: 'custom', baseUrl: 'https://service.example.test' }],
      // What the restored "admin" saved while the service was down: each refused now, by main.
      ['settings:update', { idleLockMinutes: 240 }],
      ['settings:update', { scannerPrefix: '~', scannerSuffix: '~' }],
      ['settings:update', { listenerPort: 5123 }],
      ['settings:update', { serviceAnswerLimitMiB: 1024 }],
      ['settings:update', { eventsRelayServers: 'nats://relay.example.test:4222' }],
      ['pharmacy:relayPassword', { password: 'it-gave-me-this-synthetic' }],
      ['print:check', { document: { kind: 'staff_badge', userId: '00000000-0000-4000-8000-000000000000' } }],
    ] as const) {
      const refused = await refusal(channel, input);
      expect(refused.code, channel).toBe('forbidden');
      expect(refused.message, channel).toContain('the service has not confirmed it');
    }
    expect(await invoke('audit:list', {})).toMatchObject({ ok: true });
    // An unconfirmed role may shorten the idle lock, and nothing else.
    expect(await value('settings:update', { idleLockMinutes: 5 })).toMatchObject({ idleLockMinutes: 5 });

    await service.resume();
    await expect.poll(async () => (await invoke('orders:list', { query: { page_size: 1 } })).ok).toBe(true);
    await expect.poll(async () => (await value('session:state')).roleConfirmed).toBe(true);
    expect((await value('session:state')).role).toBe('technician');
    expect(await refusal('diagnostics:drift')).toMatchObject({
      code: 'forbidden',
      message: 'Only an admin may see the service diagnostics.',
    });
  });
});
