// `npm run fault -- <name> [options]`: runs test/fault/<name>.fault.ts in its own Node process; lists the fault runs otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dir = join(root, 'test', 'fault');
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.fault.ts'))
  .map((f) => f.replace(/\.fault\.ts$/, ''));
const [name, ...rest] = process.argv.slice(2);

if (!name || !existsSync(join(dir, `${name}.fault.ts`))) {
  console.error(
    `${name ? `no fault run named "${name}". ` : ''}usage: npm run fault -- <name> [--trials N]; available: ${available.join(', ') || 'none yet'}`,
  );
  process.exit(1);
}
const result = spawnSync(process.execPath, [join(dir, `${name}.fault.ts`), ...rest], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
