// The Debian packages the tests need: installed when running as root, otherwise named in the exact apt line to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian package → a file that shows it is installed; the list is shared with .ci/run. */
export const debianPackages: Record<string, string> = Object.fromEntries(
  readFileSync(join(import.meta.dirname, 'debian-packages.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/) as [string, string]),
);

export function missingPackages(): string[] {
  return Object.entries(debianPackages)
    .filter(([, file]) => !existsSync(file))
    .map(([name]) => name);
}

export const aptLine = (names: string[]) =>
  `apt-get update && apt-get install -y --no-install-recommends ${names.join(' ')}`;

function keytarLoads(root: string, env: NodeJS.ProcessEnv): boolean {
  const probe = spawnSync('node', ['-e', "require('keytar')"], { cwd: root, env, stdio: 'ignore' });
  return probe.status === 0;
}

/** Installs what is missing where it can; answers a message naming what is still missing, or null when all is there. */
export function ensurePrerequisites(root: string, env: NodeJS.ProcessEnv): string | null {
  let missing = missingPackages();
  if (missing.length > 0 && process.getuid?.() === 0) {
    console.log(`installing the Debian packages the tests need: ${missing.join(' ')}`);
    spawnSync('sh', ['-c', aptLine(missing)], { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
    missing = missingPackages();
  }
  if (missing.length > 0) {
    return `The tests need Debian packages that are not installed. Run as root:\n  ${aptLine(missing)}`;
  }
  // keytar is optional at install time (it builds from source against libsecret); build it now that libsecret is here.
  if (!keytarLoads(root, env) && existsSync(join(root, 'node_modules', 'keytar'))) {
    spawnSync('npm', ['rebuild', 'keytar'], { cwd: root, env, stdio: 'inherit' });
  }
  if (!keytarLoads(root, env)) {
    return 'keytar is not built: with libsecret-1-dev installed, run `npm ci` again (it builds keytar from source).';
  }
  return null;
}
