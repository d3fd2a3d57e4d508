// A station with no OS keychain (the rig keeps secrets in memory) says its audit record is not keyed; a confirmed
// admin's acknowledgement of that is recorded in the audit chain, once per chain. Called as a hostile page would,
// straight at audit:acknowledgeUnkeyed: a technician and an admin the service has not confirmed are refused by main
// (the permissive service would refuse nothing), and a refusal records nothing.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationCalls } from '../support/station-calls.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type PermissiveService, startPermissiveService } from './permissive-service.ts';

let service: PermissiveService;
let rig: StationRig;
const { invoke, value, refusal } = stationCalls(() => rig);

beforeAll(async () => {
  service = await startPermissiveService(2);
  rig = await startStationRig({ startTraining: async () => ({ url: service.url, stop: async () => {} }) });
}, 60_000);
afterAll(async () => {
  await rig?.close();
  await service?.close();
});

/** What audit.db holds of acknowledgements, read from the file itself; and the chain's own id. */
function stored() {
  const db = new DatabaseSync(join(rig.dataDir, 'audit.db'), { readOnly: true });
  try {
    const rows = db.prepare('SELECT * FROM unkeyed_acknowledgements ORDER BY seq').all() as Record<string, unknown>[];
    const chained = db
      .prepare("SELECT COUNT(*) AS n FROM audit_chain WHERE record_table = 'unkeyed_acknowledgements'")
      .get() as { n: number };
    const chainId = (db.prepare("SELECT value FROM audit_meta WHERE key = 'chain_id'").get() as { value: string })
      .value;
    return { rows, chained: chained.n, chainId };
  } finally {
    db.close();
  }
}
/** When main kept the acknowledgement (its own clock), as answered. */
let acknowledgedAt = '';
const signInAs = async (email: string) => {
  await invoke('session:signOut', undefined);
  await value('session:signIn', { email, password: PASSWORD });
};

describe("acknowledging that this station's audit record is not keyed", () => {
  it('a technician asking straight at the channel is refused by main, and nothing is recorded', async () => {
    await signInAs(TECHNICIAN);
    const refused = await refusal('audit:acknowledgeUnkeyed', undefined);
    expect(refused).toMatchObject({ code: 'forbidden', message: expect.stringContaining('Only an admin') });
    expect(stored()).toMatchObject({ rows: [], chained: 0 });
    expect((await value('app:info')).auditRecord).toEqual({ keyed: false, brokenChainKept: null, acknowledged: null });
  });

  it('an admin whose role was read back from disk and not yet confirmed by the service is refused, recording nothing', async () => {
    await signInAs(ADMIN);
    await rig.stop();
    await service.pause();
    await rig.restart();
    expect(await value('session:state')).toMatchObject({ role: 'admin', roleConfirmed: false });
    const refused = await refusal('audit:acknowledgeUnkeyed', undefined);
    expect(refused).toMatchObject({ code: 'forbidden', message: expect.stringContaining('has not confirmed it') });
    expect(stored()).toMatchObject({ rows: [], chained: 0 });
    await service.resume();
    await expect.poll(async () => (await invoke('orders:list', { query: { page_size: 1 } })).ok).toBe(true);
    await expect.poll(async () => (await value('session:state')).roleConfirmed).toBe(true);
  });

  it("a confirmed admin's acknowledgement is kept in the chain with who, when, which chain and the state acknowledged", async () => {
    const answer = await value('audit:acknowledgeUnkeyed');
    expect(answer).toEqual({
      keyed: false,
      brokenChainKept: null,
      acknowledged: { by: expect.any(String), at: expect.any(String) },
    });
    acknowledgedAt = answer.acknowledged?.at ?? '';
    const { rows, chained, chainId } = stored();
    expect(rows).toEqual([
      expect.objectContaining({
        chain_id: chainId,
        acknowledged_state: 'not_keyed',
        user_email: ADMIN,
        user_name: answer.acknowledged?.by,
        // When is main's clock, never the page's (the page sends nothing).
        recorded_at: Date.parse(acknowledgedAt),
      }),
    ]);
    expect(chained).toBe(1);
    // Every screen now says who acknowledged it (app:info), and a restart on the same chain still does.
    expect((await value('app:info')).auditRecord).toEqual(answer);
    await rig.stop();
    await rig.restart();
    expect((await value('app:info')).auditRecord).toEqual(answer);
  });

  it('is kept once per chain: asking again answers the first acknowledgement and records nothing more', async () => {
    await signInAs(ADMIN);
    const again = await value('audit:acknowledgeUnkeyed');
    expect(again.acknowledged?.at).toBe(acknowledgedAt);
    expect(stored()).toMatchObject({ rows: [expect.anything()], chained: 1 });
  });

  it("shows in the admin's audit export as an unkeyed_acknowledgement of this chain", async () => {
    const day = acknowledgedAt.slice(0, 10);
    const exported = await value('audit:export', { from: day, to: day, format: 'json' });
    const records = JSON.parse(exported.content).records as { kind: string; record: Record<string, unknown> }[];
    const acks = records.filter((r) => r.kind === 'unkeyed_acknowledgement');
    expect(acks).toEqual([
      expect.objectContaining({
        record: expect.objectContaining({
          chain_id: stored().chainId,
          acknowledged_state: 'not_keyed',
          user_email: ADMIN,
        }),
      }),
    ]);
  });
});
