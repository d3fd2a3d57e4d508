// WAL with synchronous FULL is durable on macOS only with F_FULLFSYNC: the durable databases ask for it there, and only
// there (the platform is injected; SQLite stores the pragma on every OS, so it can be read back here).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Db, openingPragmas } from '../../../../kits/sqlite/db.ts';

const dir = mkdtempSync(join(tmpdir(), 'station-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pragmasOf(name: string, options: ConstructorParameters<typeof Db>[1]) {
  const db = new Db(join(dir, name), options);
  const read = (pragma: string) => Number(Object.values(db.get(`PRAGMA ${pragma}`) ?? {})[0]);
  const out = {
    fullfsync: read('fullfsync'),
    checkpointFullfsync: read('checkpoint_fullfsync'),
    sync: read('synchronous'),
  };
  db.close();
  return out;
}

describe('fullfsync for the durable databases', () => {
  it('is on for a synchronous FULL database on macOS', () => {
    expect(pragmasOf('mac.db', { synchronous: 'FULL', platform: 'darwin' })).toEqual({
      fullfsync: 1,
      checkpointFullfsync: 1,
      sync: 2,
    });
  });

  it('is left off on Linux and Windows, and for a database that is not synchronous FULL', () => {
    for (const platform of ['linux', 'win32'] as const) {
      expect(pragmasOf(`${platform}.db`, { synchronous: 'FULL', platform })).toMatchObject({
        fullfsync: 0,
        checkpointFullfsync: 0,
      });
    }
    expect(pragmasOf('normal.db', { platform: 'darwin' })).toMatchObject({ fullfsync: 0, checkpointFullfsync: 0 });
  });

  it('is never asked of an in-memory database', () => {
    expect(openingPragmas(true, { synchronous: 'FULL', platform: 'darwin' }).join(';')).not.toMatch(/fullfsync/);
  });
});
