// The audit chain's key: 32 random bytes in the OS keychain (SecretStore port), one per chain (audit_meta's chain_id),
// never in the data folder; beside it in the keychain, the chain's keyed state (from which record it is keyed), so a
// file whose `keyed_from` was deleted or changed says so. Only a new chain is ever keyed: a chain that already holds
// records is never keyed or re-keyed (that would vouch for records nobody checked). A chain that fails its own check
// at start is not extended: it is kept aside for the audit (chain-start.ts) and the station records on a new chain.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Db } from '../../kits/sqlite/db.ts';
import { keychainServiceName } from '../platform/keychain/keychain.ts';
import type { SecretStore } from '../platform/keychain/secret-store.ts';
import { createAuditLog } from './audit-log.ts';
import type { AuditLog, AuditLogOptions } from './audit-types.ts';
import { CHAINED_TABLES } from './chain.ts';
import { keepBrokenChainAside, startProblem } from './chain-start.ts';
import { keyedFromOf, metaValue } from './chain-state.ts';

/** The keychain service the chain keys live under: `Fulfillment Station (audit chain)`. */
export const AUDIT_KEYCHAIN_NAME = keychainServiceName('audit chain');
const accountOf = (chainId: string) => `chain-${chainId}`;
const keyedFromAccount = (chainId: string) => `chain-${chainId} keyed-from`;

/** What audit.db says about its chain before it is opened for writing: its id, its keyed state, whether it holds any. */
export function peekChain(dataDir: string): {
  chainId: string | null;
  keyedFrom: number | null;
  holdsRecords: boolean;
} {
  const file = join(dataDir, 'audit.db');
  if (!existsSync(file)) return { chainId: null, keyedFrom: null, holdsRecords: false };
  const db = new Db(file);
  try {
    const tables = new Set(
      db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").map((t) => t.name),
    );
    const holdsRecords = ['audit_chain', ...CHAINED_TABLES].some(
      (table) => tables.has(table) && db.get(`SELECT 1 FROM ${table} LIMIT 1`) !== undefined,
    );
    if (!tables.has('audit_meta')) return { chainId: null, keyedFrom: null, holdsRecords };
    return { chainId: metaValue(db, 'chain_id'), keyedFrom: keyedFromOf(db), holdsRecords };
  } finally {
    db.close();
  }
}

/** The chain's key from the keychain, or null (memory fallback, or no key stored for this chain). */
export async function readChainKey(secrets: SecretStore, chainId: string): Promise<Buffer | null> {
  if (secrets.kind !== 'keychain') return null;
  const stored = await secrets.get(accountOf(chainId));
  return stored ? Buffer.from(stored, 'base64') : null;
}

/** The record the keychain says the chain is keyed from; null when it keeps no such state (a key from before it). */
export async function readKeyedFrom(secrets: SecretStore, chainId: string): Promise<number | null> {
  if (secrets.kind !== 'keychain') return null;
  const stored = await secrets.get(keyedFromAccount(chainId));
  return stored && /^\d+$/.test(stored) ? Number(stored) : null;
}

/**
 * Why the file's keyed state does not match the keychain's, or null: a key in the keychain for a chain the file calls
 * unkeyed, or keyed from another record, means its `keyed_from` was deleted or changed (a laundered chain).
 */
export function keyedStateProblem(fileKeyedFrom: number | null, keychainKeyedFrom: number | null): string | null {
  if (fileKeyedFrom === null) {
    return 'its key is in the keychain but the file says it is not keyed: its keyed state was removed';
  }
  if (keychainKeyedFrom !== null && keychainKeyedFrom !== fileKeyedFrom) {
    return `the keychain keys it from record ${keychainKeyedFrom}, the file from record ${fileKeyedFrom}: its keyed state was changed`;
  }
  return null;
}

async function keyOf(options: AuditLogOptions, secrets: SecretStore) {
  const peeked = peekChain(options.dataDir);
  if (secrets.kind !== 'keychain') return { chainId: peeked.chainId ?? randomUUID(), key: null, problem: null };
  if (!peeked.chainId && !peeked.holdsRecords) {
    // A new chain: its key and its keyed state (from record 1) go to the keychain before the first record.
    const chainId = randomUUID();
    const key = randomBytes(32);
    await secrets.set(accountOf(chainId), key.toString('base64'));
    await secrets.set(keyedFromAccount(chainId), '1');
    return { chainId, key, problem: null };
  }
  const chainId = peeked.chainId ?? randomUUID();
  const key = await readChainKey(secrets, chainId);
  if (!key) return { chainId, key: null, problem: null };
  const kept = await readKeyedFrom(secrets, chainId);
  const problem = keyedStateProblem(peeked.keyedFrom, kept);
  // A key from before the keyed state was kept: its state goes beside it now, as the file says (checked next).
  if (!problem && kept === null) await secrets.set(keyedFromAccount(chainId), String(peeked.keyedFrom));
  return { chainId, key, problem: problem ?? startProblem(options.dataDir, key, peeked.keyedFrom) };
}

/**
 * Opens the audit log: a new chain is keyed when a keychain is there; a keyed chain is opened with its key once it
 * passes its own check (its keyed state as the keychain keeps it, every record and link); a chain that fails it is kept
 * aside, named in the log and in `standing()`, and a new chain takes its place. A chain with records and no key in this
 * keychain goes on unkeyed, and the log says so.
 */
export async function openAuditLog(options: AuditLogOptions, secrets: SecretStore): Promise<AuditLog> {
  let found = await keyOrNone(options, secrets);
  let brokenChainKept: AuditLogOptions['brokenChainKept'] = null;
  if (found.problem) {
    const at = options.clock ? options.clock() : new Date();
    const file = keepBrokenChainAside(options.dataDir, at);
    brokenChainKept = { file, problem: found.problem, chainId: found.chainId };
    options.log.error('the audit chain failed its own check at start: it is kept aside and a new chain begins', {
      ...brokenChainKept,
    });
    found = await keyOrNone(options, secrets);
  }
  if (!found.key) {
    options.log.warn('the audit chain is not keyed: someone holding the data folder could rewrite it unnoticed', {
      keychain: secrets.kind,
    });
  }
  return createAuditLog({ ...options, chain: { id: found.chainId, key: found.key }, brokenChainKept });
}

/** The key as found, or none when the keychain fails (then the chain goes on unkeyed, and the log says why). */
async function keyOrNone(options: AuditLogOptions, secrets: SecretStore): ReturnType<typeof keyOf> {
  try {
    return await keyOf(options, secrets);
  } catch (error) {
    options.log.error('the audit chain key could not be read from the keychain', {
      reason: error instanceof Error ? error.message : String(error),
    });
    return { chainId: peekChain(options.dataDir).chainId ?? randomUUID(), key: null, problem: null };
  }
}
