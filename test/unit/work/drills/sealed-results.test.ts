// A drill's results are sealed when main scores them, under the audit chain's key: drill-results.db edited by hand
// (a 0 of 2 made 2 of 2) is named as edited in the trainee's results and on their competency record, never counted.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditLog, createAuditLog } from '../../../../main/audit/index.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { competencyOf } from '../../../../main/work/drills/competency.ts';
import { drillChannels } from '../../../../main/work/drills/drill-channels.ts';
import type { DrillParts } from '../../../../main/work/drills/drill-parts.ts';
import { openDrillResults } from '../../../../main/work/drills/results-repository.ts';
import type { CheckResult } from '../../../../rules/drills/score.ts';

const TRAINEE = 'technician@training.local';
const log = createLogger({ scope: 'drills', write: () => {} });
let dataDir: string;
let audit: AuditLog;
let parts: DrillParts;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'drills-sealed-'));
  audit = createAuditLog({ dataDir, serviceId: 'training', log, chain: { id: 'chain-1', key: randomBytes(32) } });
  parts = {
    training: true,
    dataDir,
    serviceId: 'training',
    drillsDir: undefined,
    signedIn: () => ({
      user: { id: 'a1', email: 'admin@training.local', firstName: 'Alex', lastName: 'Admin' },
      role: 'admin',
      roleConfirmed: true,
    }),
    require: () => {},
    audit,
    outboxEntries: () => [],
    call: async () => {
      throw new Error('no service call in this test');
    },
    now: () => Date.parse('2026-11-27T09:05:00Z'),
  };
});
afterAll(async () => {
  audit.close();
  await rm(dataDir, { recursive: true, force: true });
});

const CHECKS = {
  verification: { kind: 'verification', expect: 'verified' },
  discrepancy_task: { kind: 'discrepancy_task', problem: 'short_line' },
} as const;
const missed = (kind: keyof typeof CHECKS): CheckResult => ({
  check: CHECKS[kind],
  expected: 'x',
  passed: false,
  reason: 'Missed.',
});

describe('a drill’s results, sealed when scored', () => {
  it('read back as scored; edited by hand (0 of 2 made 2 of 2, or out of shape), they are named as edited and not counted', async () => {
    const store = openDrillResults({ dataDir, serviceId: 'training' });
    const row = store.add({
      drillId: 'short-count',
      trainee: TRAINEE,
      trainer: { id: 'a1', email: 'admin@training.local', name: 'Alex Admin' },
      orderId: 'o1',
      orderNumber: '1000001',
      prescriptionId: null,
      bin: [],
      patientsAtStart: null,
      startedAt: Date.parse('2026-11-27T09:00:00Z'),
    });
    store.finish(row.id, [missed('verification'), missed('discrepancy_task')], parts.now(), (text) =>
      audit.seal('drill results', text),
    );
    store.close();
    const [scored] = await drillChannels.results(undefined, parts);
    expect(scored).toMatchObject({ passed: 0, total: 2, resultsEdited: false });

    const db = new DatabaseSync(join(dataDir, 'drill-results.db'));
    const stored = db.prepare('SELECT results FROM drill_attempts WHERE id = ?').get(row.id) as { results: string };
    const passedAll = (JSON.parse(stored.results) as CheckResult[]).map((r) => ({ ...r, passed: true }));
    db.prepare('UPDATE drill_attempts SET results = ? WHERE id = ?').run(JSON.stringify(passedAll), row.id);
    db.close();

    const [edited] = await drillChannels.results(undefined, parts);
    expect(edited).toMatchObject({ passed: null, results: null, resultsEdited: true });
    const record = await competencyOf(TRAINEE, parts);
    expect(record.drills[0]).toMatchObject({ outcome: 'Results edited outside the station: not counted' });
    expect(record.summary).toBe('0 of 1 drills scored; 0 passed with every check.');

    const again = new DatabaseSync(join(dataDir, 'drill-results.db'));
    again.prepare('UPDATE drill_attempts SET results = ? WHERE id = ?').run('[{"passed": true}]', row.id);
    again.close();
    const [outOfShape] = await drillChannels.results(undefined, parts);
    expect(outOfShape).toMatchObject({ passed: null, results: null, resultsEdited: true });
  });

  it('an admin role the service has not confirmed in this run sees no trainee’s results but their own', async () => {
    const unconfirmed: DrillParts = {
      ...parts,
      signedIn: () => ({ ...parts.signedIn(), roleConfirmed: false }),
    };
    expect(await drillChannels.results(undefined, parts)).toHaveLength(1);
    expect(await drillChannels.results(undefined, unconfirmed)).toEqual([]);
  });
});
