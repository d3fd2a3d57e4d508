// With a file database, the training service keeps its data and its signing key across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHarness } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'training-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a training service on a file database', () => {
  it('still has a task and still accepts a token after it restarts', async () => {
    const file = join(dir, 'training.db');
    const first = await startHarness({ db: file });
    const created = await first.api('POST', '/api/v1/tasks', {
      body: { name: 'Survives a restart', category_code: 'T01' },
    });
    expect(created.status).toBe(201);
    const token = first.tokens.pharmacist;
    await first.close();

    const second = await startHarness({ db: file });
    try {
      const again = await second.api('GET', `/api/v1/tasks/${created.body.id}`, { token });
      expect(again.status).toBe(200);
      expect(again.body.name).toBe('Survives a restart');
      const journal = second.service.db.get<{ journal_mode: string }>('PRAGMA journal_mode');
      expect(journal?.journal_mode).toBe('wal');
      const keys = second.service.db.get<{ foreign_keys: number }>('PRAGMA foreign_keys');
      expect(keys?.foreign_keys).toBe(1);
    } finally {
      await second.close();
    }
  });
});
