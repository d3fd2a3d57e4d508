// Without a usable keychain the sign-in lives in memory for this run, the state says 'memory', and the log says so once.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createSession, keychainServiceName, openSecretStore } from '../../../../main/service/session/index.ts';
import { PASSWORD, type SessionHarness, startSessionHarness } from './harness.ts';

// This suite has no Secret Service; pointing D-Bus at nothing makes sure of it even on a desktop machine.
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/station-test-bus';

function collector() {
  const lines: string[] = [];
  const log = createLogger({ scope: 'keychain', level: 'debug', write: (line) => lines.push(line) });
  return { lines, log, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

let harness: SessionHarness | undefined;
afterEach(async () => {
  harness?.assertNoTokenLeaked();
  await harness?.close();
  harness = undefined;
});

describe('no keychain available', () => {
  it('when keytar itself cannot be loaded, the memory store is used and the log says so once', async () => {
    const { log, entries } = collector();
    const store = await openSecretStore(keychainServiceName('https://service.example'), log, {
      loadKeytar: () => Promise.reject(new Error("Cannot find module 'keytar'")),
    });
    expect(store.kind).toBe('memory');
    const warnings = entries().filter((entry) => entry.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ keychain: 'memory' });
    expect(String(warnings[0]?.message)).toMatch(/kept in memory for this run only/);
    expect(String(warnings[0]?.reason)).toMatch(/keytar could not be loaded/);
  });

  it('when keytar loads but there is no Secret Service, its probe fails and the memory store is used', async () => {
    const { log, entries } = collector();
    const store = await openSecretStore(keychainServiceName('http://127.0.0.1:4010'), log);
    expect(store.kind).toBe('memory');
    expect(entries().filter((entry) => entry.keychain === 'memory')).toHaveLength(1);
  });

  it('a keychain that never answers is given up on instead of hanging the app', async () => {
    const { log } = collector();
    const never = () => new Promise<never>(() => {});
    const store = await openSecretStore('Fulfillment Station (stuck)', log, {
      timeoutMs: 50,
      loadKeytar: async () => ({ getPassword: never, setPassword: never, deletePassword: never }),
    });
    expect(store.kind).toBe('memory');
  });

  it("a session over the memory store reports keychain: 'memory' and still restores within the run", async () => {
    const { log } = collector();
    const secrets = await openSecretStore(keychainServiceName('http://127.0.0.1:4010'), log);
    harness = await startSessionHarness({ secrets });
    const session = harness.newSession();
    await expect(session.signIn('admin@training.local', PASSWORD)).resolves.toMatchObject({
      status: 'signed_in',
      keychain: 'memory',
    });
    const again = createSession({ baseUrl: harness.baseUrl, secrets, dataDir: harness.dataDir, log: harness.log });
    await expect(again.restore()).resolves.toMatchObject({ status: 'signed_in', keychain: 'memory' });
  });

  it('names one keychain service per service URL, whatever its trailing slash', () => {
    expect(keychainServiceName('http://127.0.0.1:4010/')).toBe('Fulfillment Station (http://127.0.0.1:4010)');
    expect(keychainServiceName('https://Service.Example/api/')).toBe(
      'Fulfillment Station (https://service.example/api)',
    );
  });
});
