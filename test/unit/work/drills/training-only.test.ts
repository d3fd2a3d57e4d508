// Drills exist only against the training service: on a real service every drill channel refuses before it reads,
// writes or opens anything, whoever is signed in.

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyOperation } from '../../../../contract/service/operation.ts';
import { competencyWithCsv } from '../../../../main/work/drills/competency.ts';
import { drillChannels } from '../../../../main/work/drills/drill-channels.ts';
import { drillDocuments } from '../../../../main/work/drills/drill-documents.ts';
import type { DrillParts } from '../../../../main/work/drills/drill-parts.ts';

let dataDir: string;
const calls: string[] = [];
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'drills-real-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const realService = (): DrillParts => ({
  training: false,
  dataDir,
  serviceId: 'https://pharmacy.example',
  drillsDir: undefined,
  signedIn: () => ({
    user: { id: 'u1', email: 'admin@pharmacy.example', firstName: null, lastName: null },
    role: 'admin',
    roleConfirmed: true,
  }),
  require: () => {},
  audit: new Proxy({} as DrillParts['audit'], {
    get: (_, name) => () => calls.push(`audit.${String(name)}`),
  }),
  outboxEntries: () => {
    calls.push('outbox');
    return [];
  },
  call: (async (operation: AnyOperation) => {
    calls.push(operation.name);
    return {};
  }) as DrillParts['call'],
  now: () => 0,
});

describe('on a real service', () => {
  it("every drill channel and the drills' documents refuse as not allowed, saying drills are for the training service", async () => {
    const parts = realService();
    const bin = { kind: 'practice_bin', attemptId: '00000000-0000-4000-8000-000000000000' } as const;
    const record = { kind: 'competency_record', trainee: 'technician@pharmacy.example' } as const;
    const printed = { output: 'pdf', grounds: 'not_gated', reprint: null, override: null, printer: null } as const;
    const attempts: (() => unknown)[] = [
      () => drillChannels.list(parts),
      () => drillChannels.start({ drillId: 'short-count', trainee: 'technician@pharmacy.example' }, parts),
      () => drillChannels.done({ attemptId: '00000000-0000-4000-8000-000000000000' }, parts),
      () => drillChannels.results(undefined, parts),
      () => competencyWithCsv('technician@pharmacy.example', parts),
      // The drills' documents, through the print pipeline: neither their content nor their copies.
      ...[bin, record].flatMap((ref) => [
        () => drillDocuments(parts).content(ref),
        () => drillDocuments(parts).prints(ref),
        () => drillDocuments(parts).record(ref, { ...printed, contentHash: 'x' }, parts.signedIn().user as never),
      ]),
    ];
    for (const attempt of attempts) {
      await expect(Promise.resolve().then(attempt)).rejects.toMatchObject({
        code: 'not_allowed',
        message: expect.stringMatching(/only against the training service/),
      });
    }
    expect(calls).toEqual([]);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
