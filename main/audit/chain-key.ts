// The audit chain's key: 32 random bytes in the OS keychain (SecretStore port), one per chain (audit_meta's chain_id),
// never in the data folder. With the memory fallback there is no key: the chain is "not keyed" and says so.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Db } from '../../kits/sqlite/db.ts';
import { keychainServiceName } from '../platform/keychain/keychain.ts';
import type { SecretStore } from '../platform/keychain/secret-store.ts';
import { createAuditLog } from './audit-log.ts';
import type { AuditLog, AuditLogOptions } from './audit-types.ts';
import { keyedFromOf, metaValue } from './chain-state.ts';

/** The keychain service the chain keys live under: `Fulfillment Station (audit chain)`. */
export const AUDIT_KEYCHAIN_NAME = keychainServiceName('audit chain');
const accountOf = (chainId: string) => `chain-${chainId}`;

/** What audit.db says about its chain before it is opened for writing: its id and from which link it is keyed. */
export function peekChain(dataDir: string): { chainId: string | null; keyedFrom: number | null } {
  const file = join(dataDir, 'audit.db');
  if (!existsSync(file)) return { chainId: null, keyedFrom: null };
  const db = new Db(file);
  try {
    if (!db.get("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_meta'")) {
      return { chainId: null, keyedFrom: null };
    }
    return { chainId: metaValue(db, 'chain_id'), keyedFrom: keyedFromOf(db) };
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

/**
 * Opens the audit log with its chain keyed when a keychain is there: the key of a chain already keyed is read back; a
 * chain not yet keyed (new, or made by an older version) gets a new key and is keyed from its next record on. A keyed
 * chain whose key is not in this keychain goes on unkeyed, and the log says so: its next links will show when verified.
 */
export async function openAuditLog(options: AuditLogOptions, secrets: SecretStore): Promise<AuditLog> {
  const peeked = peekChain(options.dataDir);
  const chainId = peeked.chainId ?? randomUUID();
  let key: Buffer | null = null;
  try {
    key = await readChainKey(secrets, chainId);
    if (!key && secrets.kind === 'keychain' && peeked.keyedFrom === null) {
      key = randomBytes(32);
      await secrets.set(accountOf(chainId), key.toString('base64'));
    }
  } catch (error) {
    options.log.error('the audit chain key could not be read from the keychain', {
      reason: error instanceof Error ? error.message : String(error),
    });
    key = null;
  }
  if (!key) {
    options.log.warn(
      peeked.keyedFrom === null
        ? 'the audit chain is not keyed: no OS keychain, so someone holding the data folder could rewrite it unnoticed'
        : 'the audit chain is keyed but its key is not in this keychain: records are chained without it until it is back',
      { keychain: secrets.kind },
    );
  }
  return createAuditLog({ ...options, chain: { id: chainId, key } });
}
