// The keychain store against a real Secret Service (gnome-keyring on a private D-Bus session; run by `npm test`).
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../main/platform/log/logger.ts';
import { keychainServiceName, openSecretStore } from '../../main/service/session/index.ts';
import { PASSWORD, type SessionHarness, startSessionHarness } from '../integration/service/session/harness.ts';

const lines: string[] = [];
const log = createLogger({ scope: 'keychain', level: 'debug', write: (line) => lines.push(line) });

/** A service name of its own per test, so tests never see each other's entries. */
function freshServiceName(): string {
  return keychainServiceName(`https://keychain-test-${randomUUID()}.example`);
}

/** Every file under a folder, recursively. */
async function filesUnder(folder: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return names.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

let harness: SessionHarness | undefined;
afterEach(async () => {
  harness?.assertNoTokenLeaked();
  await harness?.close();
  harness = undefined;
});

describe('the OS keychain (Secret Service)', () => {
  it('is found: openSecretStore answers the keychain store and logs it', async () => {
    const store = await openSecretStore(freshServiceName(), log);
    expect(store.kind).toBe('keychain');
    expect(lines.some((line) => line.includes('sign-ins are kept in the OS keychain'))).toBe(true);
  });

  it('stores, reads back and removes a secret', async () => {
    const store = await openSecretStore(freshServiceName(), log);
    await store.set('pharmacist@training.local', 'secret-value-1');
    await expect(store.get('pharmacist@training.local')).resolves.toBe('secret-value-1');
    await store.set('pharmacist@training.local', 'secret-value-2');
    await expect(store.get('pharmacist@training.local')).resolves.toBe('secret-value-2');
    await expect(store.delete('pharmacist@training.local')).resolves.toBe(true);
    await expect(store.get('pharmacist@training.local')).resolves.toBeNull();
    await expect(store.delete('pharmacist@training.local')).resolves.toBe(false);
  });

  it('a second store for the same service reads what the first wrote; another service does not', async () => {
    const name = freshServiceName();
    const first = await openSecretStore(name, log);
    await first.set('admin@training.local', 'shared-between-instances');
    const second = await openSecretStore(name, log);
    await expect(second.get('admin@training.local')).resolves.toBe('shared-between-instances');
    const other = await openSecretStore(freshServiceName(), log);
    await expect(other.get('admin@training.local')).resolves.toBeNull();
    await second.delete('admin@training.local');
  });

  it('signs in, then a new session over a new keychain store restores the user without the password', async () => {
    const name = freshServiceName();
    harness = await startSessionHarness({ secrets: await openSecretStore(name, log) });
    const first = harness.newSession();
    await expect(first.signIn('technician@training.local', PASSWORD)).resolves.toMatchObject({
      status: 'signed_in',
      keychain: 'keychain',
    });

    const restarted = harness.newSession({ secrets: await openSecretStore(name, log) });
    await expect(restarted.restore()).resolves.toMatchObject({
      status: 'signed_in',
      user: { email: 'technician@training.local' },
      role: 'technician',
      keychain: 'keychain',
    });
    await expect(restarted.client().auth.verify()).resolves.toMatchObject({ valid: true });
    expect(harness.proxy.count('/api/v1/auth/login')).toBe(1);

    // Nothing secret lands on disk in clear: not in the data folder, not in the keyring's own files.
    const folders = [harness.dataDir, ...(process.env.XDG_DATA_HOME ? [process.env.XDG_DATA_HOME] : [])];
    for (const file of (await Promise.all(folders.map(filesUnder))).flat()) {
      const text = await readFile(file, 'latin1');
      for (const token of harness.proxy.tokens) expect(text.includes(token), file).toBe(false);
    }

    await restarted.signOut();
    await expect((await openSecretStore(name, log)).get('technician@training.local')).resolves.toBeNull();
    expect(lines.join('\n')).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  });
});
