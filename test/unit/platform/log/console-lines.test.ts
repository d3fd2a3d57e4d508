// The terminal's human lines: an error of the JSON log in one line, sign-ins and connectivity in words, nothing personal.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileAndConsoleSink, humanLineOfEvent, humanLineOfLog } from '../../../../main/platform/log/console-lines.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createRotatingFile } from '../../../../main/platform/log/rotating-file.ts';

const user = { id: 'u1', email: 'technician@training.local', firstName: 'Taylor', lastName: 'Technician' };

describe('what the terminal shows while the station runs', () => {
  it('puts every log line in the file and shows the listener and an error, without the error’s fields', () => {
    const dir = mkdtempSync(join(tmpdir(), 'station-console-'));
    try {
      const printed: string[] = [];
      const file = createRotatingFile({ directory: dir });
      const log = createLogger({ scope: 'station', write: fileAndConsoleSink(file, (line) => printed.push(line)) });
      log.info('webhook listener started', { port: 4319 });
      log.error('the training service stopped unexpectedly', { code: 1, reason: 'patient Jane Roe' });
      expect(printed).toEqual([
        "listening for the service's events on port 4319",
        'error: the training service stopped unexpectedly (details in the log file)',
      ]);
      const lines = readFileSync(file.path, 'utf8').trim().split('\n');
      expect(lines.map((line) => JSON.parse(line).message)).toEqual([
        'webhook listener started',
        'the training service stopped unexpectedly',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ignores a line that is not JSON', () => {
    expect(humanLineOfLog('not json')).toBeNull();
  });

  it('ignores a line that is JSON but not a log entry (null, a number, a list)', () => {
    expect(humanLineOfLog('null')).toBeNull();
    expect(humanLineOfLog('42')).toBeNull();
    expect(humanLineOfLog('["error"]')).toBeNull();
  });

  it('says signed in, signed out and locked with the role only, never the name or email', () => {
    const state = { status: 'signed_in', user, role: 'technician', expiresAt: null, keychain: 'memory' };
    const line = humanLineOfEvent('session.changed', { state, reason: 'signed_in' });
    expect(line).toBe('signed in (technician)');
    expect(humanLineOfEvent('session.changed', { state, reason: 'locked' })).toBe('locked (idle)');
    expect(humanLineOfEvent('session.changed', { state: { ...state, role: null }, reason: 'signed_out' })).toBe(
      'signed out',
    );
    expect(humanLineOfEvent('session.changed', { state, reason: 'user_updated' })).toBeNull();
    expect(humanLineOfEvent('order.event', { id: 'x' })).toBeNull();
  });

  it('says offline once when the service stops answering, and online again once when it is back', () => {
    const memory = {};
    const view = (online: boolean) => ({ online, listener: { state: 'listening', message: null } });
    const said = [true, false, false, true, true].map((online) =>
      humanLineOfEvent('connectivity.changed', view(online), memory),
    );
    expect(said).toEqual([
      null,
      'offline: the service does not answer; the station keeps working and sends task writes later',
      null,
      'online again: queued task writes are being sent',
      null,
    ]);
  });
});
