// `npm run bench -- <name>`: runs test/bench/<name>.bench.ts in its own Node process; lists the benchmarks otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dir = join(root, 'test', 'bench');
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
const [name, ...rest] = process.argv.slice(2);

if (!name || !existsSync(join(dir, `${name}.bench.ts`))) {
  console.error(
    `${name ? `no benchmark named "${name}". ` : ''}usage: npm run bench -- <name>; available: ${available.join(', ') || 'none yet'}`,
  );
  process.exit(1);
}
const result = spawnSync(process.execPath, [join(dir, `${name}.bench.ts`), ...rest], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
