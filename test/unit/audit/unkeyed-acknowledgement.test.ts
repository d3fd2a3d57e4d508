// The audit log keeps an admin's acknowledgement that its chain is not keyed once per chain, and refuses it for a keyed
// chain: there the record is keyed and nothing stands to be acknowledged.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AuditLog, createAuditLog } from '../../../main/audit/index.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { answer } from './audit-rig.ts';

const ADMIN = { id: 'user-admin', email: 'admin@training.local', firstName: 'Ada', lastName: 'Admin' };
const opened: { log: AuditLog; dir: string }[] = [];
afterEach(async () => {
  for (const { log, dir } of opened.splice(0)) {
    log.close();
    await rm(dir, { recursive: true, force: true });
  }
});

async function openLog(key: Buffer | null, at = Date.parse('2026-11-27T09:30:00Z')) {
  const dir = await mkdtemp(join(tmpdir(), 'audit-ack-'));
  const log = createAuditLog({
    dataDir: dir,
    serviceId: 'training',
    log: createLogger({ scope: 'audit', level: 'error', write: () => {} }),
    clock: () => new Date(at),
    ...(key ? { chain: { id: 'chain-under-test', key } } : {}),
  });
  opened.push({ log, dir });
  return log;
}

describe("an admin's acknowledgement of an unkeyed audit record", () => {
  it('names who acknowledged it and when, by main’s clock', async () => {
    const log = await openLog(null);
    expect(log.standing().acknowledged).toBeNull();
    expect(log.acknowledgeUnkeyed(ADMIN).acknowledged).toEqual({ by: 'Ada Admin', at: '2026-11-27T09:30:00.000Z' });
    expect(log.checkChain()).toMatchObject({ intact: true, records: 1 });
  });

  it('is refused on a keyed chain, and nothing is recorded', async () => {
    const log = await openLog(randomBytes(32));
    expect(log.standing().keyed).toBe(true);
    expect(answer(() => log.acknowledgeUnkeyed(ADMIN))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('nothing to acknowledge') },
    });
    expect(log.checkChain()).toMatchObject({ records: 0 });
  });
});
