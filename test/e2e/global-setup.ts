// Playwright's global setup: build the renderer into out/renderer, so `npm test` runs the station as it is now.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function globalSetup(): void {
  const root = resolve(import.meta.dirname, '../..');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
