// What `npm run audit -- verify` does, read only: walks audit.db's chain under its key from the keychain, then holds it
// against the station's own signed checkpoints and a checkpoint kept elsewhere, and says what it found in one line.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Db } from '../../kits/sqlite/db.ts';
import type { SecretStore } from '../platform/keychain/secret-store.ts';
import { checkChain, type Link } from './chain.ts';
import { keyedStateProblem, readChainKey, readKeyedFrom } from './chain-key.ts';
import { type Checkpoint, checkpointSignature, keyedFromOf, metaValue, storedCheckpoints } from './chain-state.ts';

export interface VerifyOutcome {
  /** 0 intact and keyed; 1 broken, shortened, rewritten, a forged checkpoint, or not checkable; 2 NOT KEYED. */
  code: 0 | 1 | 2;
  line: string;
}

const count = (n: number) => n.toLocaleString('en-US');
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** A checkpoint from a file: a bare one, or the `checkpoint` of an audit export (JSON). */
export function checkpointFrom(json: unknown): Checkpoint | null {
  const value = (json as { checkpoint?: unknown } | null)?.checkpoint ?? json;
  const c = value as Partial<Checkpoint> | null;
  const fine =
    c !== null &&
    typeof c === 'object' &&
    typeof c.chainId === 'string' &&
    Number.isSafeInteger(c.records) &&
    typeof c.head === 'string' &&
    typeof c.at === 'string' &&
    typeof c.signature === 'string';
  return fine ? (c as Checkpoint) : null;
}

/** Why the chain does not agree with one checkpoint (naming the first record that differs), or null when it does. */
function disagreement(db: Db, chainId: string, key: Buffer, c: Checkpoint, what: string): string | null {
  const { signature, ...signed } = c;
  if (c.chainId !== chainId) return `${what} is of another chain (${c.chainId})`;
  if (checkpointSignature(key, signed) !== signature) return `${what} does not carry this chain's signature (forged)`;
  const links = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_chain')?.n ?? 0;
  if (links < c.records) {
    return `SHORTENED at record ${count(links + 1)}: ${what} counts ${count(c.records)} records, the chain has ${count(links)}`;
  }
  const link = db.get<Link>('SELECT * FROM audit_chain WHERE seq = ?', c.records);
  if (c.records > 0 && link?.hash !== c.head) {
    return `REWRITTEN: record ${count(c.records)} is not the one ${what} signed (${link?.record_table} ${link?.record_id})`;
  }
  return null;
}

/** The newest checkpoint of a chain kept off this machine (the pharmacy's stream); null when it holds none. */
export type KeptElsewhere = (chainId: string) => Promise<Checkpoint | null>;

/**
 * Verifies the audit log of `dataDir`; `secrets` is the keychain holding the chain's key; `given` a kept checkpoint;
 * `stream` reads the copy the station sent to the pharmacy's stream (`npm run audit -- verify --stream`).
 */
export async function verifyAuditFolder(
  dataDir: string,
  secrets: SecretStore,
  given: Checkpoint | null = null,
  stream: KeptElsewhere | null = null,
): Promise<VerifyOutcome> {
  const file = join(dataDir, 'audit.db');
  if (!existsSync(file)) return { code: 1, line: `audit chain: no audit log at ${file}` };
  const db = new Db(file);
  try {
    const version = Number(db.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0);
    if (version < 4) {
      return { code: 1, line: 'audit chain: not started yet (this audit.db predates it; start the station once)' };
    }
    const chainId = metaValue(db, 'chain_id');
    const fileKeyedFrom = keyedFromOf(db);
    const key = chainId ? await readChainKey(secrets, chainId) : null;
    // The keyed state the keychain keeps beside the key wins over the file's: a file unkeyed by hand is named.
    const keptKeyedFrom = key && chainId ? await readKeyedFrom(secrets, chainId) : null;
    const keyedFrom = key ? (keptKeyedFrom ?? fileKeyedFrom) : fileKeyedFrom;
    const stateProblem = key ? keyedStateProblem(fileKeyedFrom, keptKeyedFrom) : null;
    const check = checkChain(db, key, keyedFrom ?? 1);
    const head = `audit chain: ${count(check.records)} records`;
    if (!check.intact) {
      const bad = check.firstBad;
      const why = stateProblem ? ` (${stateProblem})` : '';
      return {
        code: 1,
        line: `${head}, BROKEN at record ${count(bad.seq)}: ${bad.table} ${bad.id}: ${bad.problem}${why}`,
      };
    }
    if (stateProblem) return { code: 1, line: `${head}, BROKEN: ${stateProblem}` };
    if (keyedFrom === null || !chainId) {
      return {
        code: 2,
        line: `${head}, links consistent but NOT KEYED: anyone holding the data folder could have rewritten them (written without an OS keychain, or by an older version)`,
      };
    }
    if (!key) {
      return {
        code: 1,
        line: `${head}, NOT CHECKED: the chain is keyed from record ${count(keyedFrom)} but its key is not in this keychain`,
      };
    }
    const stored = storedCheckpoints(db);
    const checks: [Checkpoint, string][] = stored.map((c) => [c, `the station's checkpoint of ${when(c.at)}`]);
    if (given) checks.push([given, `the given checkpoint of ${when(given.at)}`]);
    let streamed: Checkpoint | null = null;
    if (stream) {
      try {
        streamed = await stream(chainId);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        return { code: 1, line: `${head}, NOT CHECKED against the pharmacy's stream: ${why}` };
      }
      if (!streamed) {
        return { code: 1, line: `${head}, NOT CHECKED: the pharmacy's stream holds no checkpoint of this chain` };
      }
      checks.push([streamed, `the pharmacy stream's checkpoint of ${when(streamed.at)}`]);
    }
    for (const [checkpoint, what] of checks) {
      const problem = disagreement(db, chainId, key, checkpoint, what);
      if (problem) return { code: 1, line: `${head}, ${problem}` };
    }
    const last = streamed ?? given ?? stored.at(-1);
    const anchor = last ? `; checkpoint of ${when(last.at)} matches record ${count(last.records)}` : '';
    return { code: 0, line: `${head}, intact, keyed from record ${count(keyedFrom)}${anchor}` };
  } finally {
    db.close();
  }
}
