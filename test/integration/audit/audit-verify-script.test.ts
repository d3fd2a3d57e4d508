// `npm run audit -- verify` over a real audit.db written without an OS keychain (the memory fallback): it says plainly
// that the chain is not keyed, and when one record is altered by hand (its append-only trigger dropped first, as a
// person with the file would), it names that record and fails. The keyed chain: test/keychain/audit-chain.test.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../main/audit/index.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { stopInput as stop, TECHNICIAN_USER as USER, verifyCommand } from './verify-command.ts';

let dataDir: string;
// No D-Bus session: keytar finds no Secret Service, as on a station with the memory fallback.
const verify = () => verifyCommand(dataDir, [], { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'audit-chain-'));
  const audit = createAuditLog({
    dataDir,
    serviceId: 'training',
    log: createLogger({ scope: 'audit', write: () => {} }),
  });
  audit.recordStop(stop('Put it back'), USER);
  audit.recordStop(stop('Scanned the shelf label'), USER);
  audit.recordAdjustment(
    {
      lotId: 'lot-1',
      productId: 'p-1',
      batchNumber: 'B1',
      change: -2,
      quantityBefore: 10,
      quantityAfter: 8,
      reason: 'Damaged',
    },
    USER,
  );
  audit.close();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run audit -- verify', () => {
  it('says plainly that the chain is not keyed, with its number of records, and exits 2', async () => {
    expect(await verify()).toEqual({
      code: 2,
      out: 'audit chain: 3 records, links consistent but NOT KEYED: anyone holding the data folder could have rewritten them (written without an OS keychain, or by an older version)',
    });
  });

  it('names the first record altered by hand, and exits non-zero', async () => {
    const db = new DatabaseSync(join(dataDir, 'audit.db'));
    const second = db.prepare('SELECT id FROM verification_stops ORDER BY seq LIMIT 1 OFFSET 1').get() as {
      id: string;
    };
    db.exec('DROP TRIGGER verification_stops_no_update');
    db.prepare("UPDATE verification_stops SET note = 'Nothing happened here' WHERE id = ?").run(second.id);
    db.close();
    expect(await verify()).toEqual({
      code: 1,
      out: `audit chain: 3 records, BROKEN at record 2: verification_stops ${second.id}: the record was changed after it was written`,
    });
  });

  it("checks against the pharmacy's stream only where the command line names it, never where the folder's settings point", async () => {
    // Whoever holds the data folder could point its settings at a NATS server of their own.
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ eventsRelayServers: 'nats://127.0.0.1:4222', eventsRelayStation: 'station-a' }),
    );
    const refused = await verifyCommand(dataDir, ['--stream'], {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
    });
    expect(refused.code).toBe(2);
    expect(refused.out).toMatch(
      /^audit chain: --stream needs --nats \(the pharmacy's NATS servers\) and --nats-user: they are never read from the data folder it checks\nusage:/,
    );
  });
});
