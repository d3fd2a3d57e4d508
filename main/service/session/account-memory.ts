// Which account last signed in to each service, in session-state.json: never a token, only what restore needs to ask for one.
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, serialized, writeJsonAtomic } from '../../platform/data-folder/atomic-json.ts';

export const SESSION_STATE_FILE = 'session-state.json';

const rememberedAccount = z.looseObject({
  /** The keychain account under which the refresh token is stored. */
  email: z.string().min(1),
  userId: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string().nullable(),
});
export type RememberedAccount = z.infer<typeof rememberedAccount>;

const stateFile = z.looseObject({ accounts: z.record(z.string(), z.unknown()) });

export interface AccountMemory {
  read(serviceId: string): Promise<RememberedAccount | null>;
  remember(serviceId: string, account: RememberedAccount): Promise<void>;
  forget(serviceId: string): Promise<void>;
}

interface MemoryLog {
  warn(message: string, fields?: Record<string, unknown>): void;
}

export function createAccountMemory(dataDir: string, log: MemoryLog): AccountMemory {
  const file = join(dataDir, SESSION_STATE_FILE);

  /** Every service's entry; an unreadable file counts as empty (the person signs in again, nothing breaks). */
  async function readAll(): Promise<Record<string, unknown>> {
    const read = await readJsonFile(file);
    if (read.kind === 'missing') return {};
    const parsed = read.kind === 'value' ? stateFile.safeParse(read.value) : null;
    if (!parsed?.success) {
      log.warn('the session state file is unusable; no earlier sign-in will be restored', { file });
      return {};
    }
    return parsed.data.accounts;
  }

  /** A failed write costs only the next restore, so it is logged, not thrown at a sign-in that worked. */
  function update(change: (accounts: Record<string, unknown>) => void): Promise<void> {
    return serialized(file, async () => {
      try {
        const accounts = await readAll();
        change(accounts);
        await writeJsonAtomic(file, { accounts });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn('the session state file could not be written; the next start will ask to sign in', { reason });
      }
    });
  }

  return {
    async read(serviceId) {
      const entry = (await serialized(file, readAll))[serviceId];
      const parsed = rememberedAccount.safeParse(entry);
      return parsed.success ? parsed.data : null;
    },
    remember(serviceId, account) {
      return update((accounts) => {
        accounts[serviceId] = account;
      });
    },
    forget(serviceId) {
      return update((accounts) => {
        delete accounts[serviceId];
      });
    },
  };
}
