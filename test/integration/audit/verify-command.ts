// What the audit tests share: `npm run audit -- verify` run as a child process (its exit code and its one line), and a
// hard stop as the verify screen sends it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const TECHNICIAN_USER = {
  id: 'u-1',
  email: 'technician@training.local',
  firstName: 'Taylor',
  lastName: 'Technician',
};

/** `node scripts/audit.ts verify --data-dir DIR …` with `env` (default: this process's). */
export async function verifyCommand(
  dataDir: string,
  extra: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; out: string }> {
  try {
    const args = ['scripts/audit.ts', 'verify', '--data-dir', dataDir, ...extra];
    const { stdout } = await run(process.execPath, args, { env });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}`.trim() };
  }
}

/** A dismissed hard stop of order 1000001 with `note`. */
export const stopInput = (note: string) => ({
  orderId: 'order-1',
  orderNumber: '1000001',
  code: 'OTC-0001',
  entry: 'scanner',
  quantity: 1,
  matchedBy: 'sku',
  productId: 'p-1',
  lotId: null,
  lot: null,
  expiry: null,
  kind: 'not_on_order',
  reason: 'removed',
  note,
  taskRef: null,
});

/** One scanned unit of `productId`, counted. */
export const countedScan = (productId: string) => ({
  code: 'RX-0001',
  entry: 'scanner',
  quantity: 1,
  result: 'counted',
  matchedBy: 'sku',
  productId,
  lotId: null,
  lot: null,
  expiry: null,
  stop: null,
});
