// The command line of the two programs that read one (the training service, the relay), read one way
// (kits/command-line): an unknown option or a missing value is said with the usage, exit 2; --help prints the usage,
// exit 0; a value is read as given.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommandLine } from '../../../kits/command-line/command-line.ts';

const root = resolve(import.meta.dirname, '../../..');
const programs = [
  ['training', resolve(root, 'training/cli.ts'), /usage: npm run training/],
  ['relay', resolve(root, 'relay/cli.ts'), /usage: npm run relay/],
] as const;

describe.each(programs)('the %s command line', (_name, cli, usage) => {
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

  it('refuses an unknown option with its name and the usage, exit 2', () => {
    const refused = run('--no-such-option');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/Unknown option '--no-such-option'/);
    expect(refused.stderr).toMatch(usage);
  });

  it('refuses an option whose value is missing, exit 2', () => {
    const refused = run('--port');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--port/);
    expect(refused.stderr).toMatch(usage);
  });

  it('prints the usage for --help, exit 0', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(usage);
    expect(help.stderr).toBe('');
  });
});

describe('readCommandLine', () => {
  it('reads each declared option as given, typed by its declaration', () => {
    const values = readCommandLine('usage', { port: { type: 'string' }, quiet: { type: 'boolean' } }, [
      '--port',
      '4010',
      '--quiet',
    ]);
    expect(values).toEqual({ port: '4010', quiet: true });
    const port: string | undefined = values.port;
    expect(port).toBe('4010');
  });
});
