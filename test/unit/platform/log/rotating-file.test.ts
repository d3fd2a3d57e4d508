// The log file: lines land in a 0600 file, roll over past the size limit, and only `keep` old files are kept.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRotatingFile } from '../../../../main/platform/log/rotating-file.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the rotating log file', () => {
  it('appends each line to station.log, readable by its owner only', () => {
    const file = createRotatingFile({ directory: join(dir, 'logs') });
    file.write('{"message":"one"}');
    file.write('{"message":"two"}');
    expect(file.path).toBe(join(dir, 'logs', 'station.log'));
    expect(readFileSync(file.path, 'utf8')).toBe('{"message":"one"}\n{"message":"two"}\n');
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
  });

  it('rolls over past maxBytes and keeps only the newest `keep` old files', () => {
    const file = createRotatingFile({ directory: dir, maxBytes: 100, keep: 2 });
    for (let i = 0; i < 20; i++) file.write(`line ${String(i).padStart(2, '0')} ${'x'.repeat(40)}`);
    expect(readdirSync(dir).sort()).toEqual(['station.log', 'station.log.1', 'station.log.2']);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(100);
    expect(readFileSync(file.path, 'utf8')).toContain('line 19');
    expect(readFileSync(join(dir, 'station.log.2'), 'utf8')).not.toContain('line 00');
  });

  it('continues an existing file after a restart instead of truncating it', () => {
    createRotatingFile({ directory: dir }).write('before restart');
    createRotatingFile({ directory: dir }).write('after restart');
    expect(readFileSync(join(dir, 'station.log'), 'utf8')).toBe('before restart\nafter restart\n');
  });

  it('never throws when the folder has gone', () => {
    const file = createRotatingFile({ directory: join(dir, 'gone') });
    rmSync(join(dir, 'gone'), { recursive: true });
    expect(() => file.write('lost line')).not.toThrow();
  });
});
