// The desktop shell must bring its own training starter: the default spawns `process.execPath` on the TypeScript CLI,
// which inside Electron is the app itself (RunAsNode is fused off), not Node.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { createMemorySecretStore } from '../../../main/service/session/index.ts';
import { createStation, type StationOptions } from '../../../main/station/station.ts';

const quiet = createLogger({ scope: 'test', write: () => {} });

describe('the station in the desktop shell', () => {
  it('refuses to start without a training starter of its own, and spawns nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'station-desktop-'));
    const options = {
      shell: 'electron',
      dataDir,
      version: '0',
      fetch: globalThis.fetch,
      log: quiet,
      openSecrets: async () => createMemorySecretStore(),
    } as unknown as StationOptions;
    await expect(createStation(options)).rejects.toThrow(/desktop shell must start the training service itself/);
  });

  it('uses the training starter and the fetch it is given', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'station-desktop-'));
    const started: string[] = [];
    const fetched: string[] = [];
    const station = await createStation({
      shell: 'electron',
      dataDir,
      version: '0',
      listenerPort: 0,
      log: quiet,
      openSecrets: async () => createMemorySecretStore(),
      startTraining: async (dir) => {
        started.push(dir);
        return { url: 'http://127.0.0.1:9', stop: async () => {} };
      },
      fetch: async (input) => {
        fetched.push(String(input));
        throw new TypeError('fetch failed', { cause: { code: 'ERR_CONNECTION_REFUSED' } });
      },
    });
    try {
      expect(started).toEqual([dataDir]);
      const answer = await station.invoke('session:signIn', { email: 'a@training.local', password: 'Training-2026!' });
      expect(answer.ok).toBe(false);
      expect(fetched.some((url) => url.startsWith('http://127.0.0.1:9/'))).toBe(true);
    } finally {
      await station.close();
    }
  });
});
