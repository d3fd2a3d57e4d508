// What `npm run audit -- verify` does, read only: walks audit.db's chain under its key from the keychain, then holds it
// against the station's own signed checkpoints and a checkpoint kept elsewhere, and says what it found in one line.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Db } from '../../kits/sqlite/db.ts';
import type { SecretStore } from '../platform/keychain/secret-store.ts';
import { checkChain } from './chain.ts';
import { keyedStateProblem, readChainKey, readKeyedFrom } from './chain-key.ts';
import { type Checkpoint, keyedFromOf, metaValue, storedCheckpoints } from './chain-state.ts';
import { checkpointDisagreement, type FollowedChain } from './checkpoint-check.ts';

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

/** A checkpoint as the pharmacy's stream keeps it: with the chain it followed, when its chain replaced a broken one. */
export type StreamedCheckpoint = Checkpoint & { follows?: FollowedChain | undefined };

/** Every checkpoint of a chain kept off this machine (the pharmacy's stream), oldest first; none: an empty list. */
export type KeptElsewhere = (chainId: string) => Promise<StreamedCheckpoint[]>;

/**
 * Verifies the audit log of `dataDir`; `secrets` is the keychain holding the chain's key; `given` a kept checkpoint;
 * `stream` reads every checkpoint the station sent to the pharmacy's stream (`npm run audit -- verify --stream`): the
 * chain must hold each, and one that began when a broken chain was kept aside is named.
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
    let streamed: StreamedCheckpoint[] = [];
    if (stream) {
      try {
        streamed = await stream(chainId);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        return { code: 1, line: `${head}, NOT CHECKED against the pharmacy's stream: ${why}` };
      }
      if (streamed.length === 0) {
        return { code: 1, line: `${head}, NOT CHECKED: the pharmacy's stream holds no checkpoint of this chain` };
      }
      // Every one ever sent, not the newest only: an older one replayed as the newest leaves the others standing.
      for (const c of streamed) checks.push([c, `the pharmacy stream's checkpoint of ${when(c.at)}`]);
    }
    for (const [checkpoint, what] of checks) {
      const problem = checkpointDisagreement(db, chainId, key, checkpoint, what);
      if (problem) return { code: 1, line: `${head}, ${problem}` };
    }
    const followed = streamed.find((c) => c.follows)?.follows;
    if (followed) {
      const why = `${followed.problem}; kept aside as ${followed.keptAs}`;
      return {
        code: 1,
        line: `${head}, BROKEN before it: the station began this chain when chain ${followed.chainId} failed its own check (${why})`,
      };
    }
    const mostRecords = streamed.reduce<StreamedCheckpoint | null>(
      (most, c) => (most === null || c.records >= most.records ? c : most),
      null,
    );
    const last = mostRecords ?? given ?? stored.at(-1);
    const anchor = last ? `; checkpoint of ${when(last.at)} matches record ${count(last.records)}` : '';
    return { code: 0, line: `${head}, intact, keyed from record ${count(keyedFrom)}${anchor}` };
  } finally {
    db.close();
  }
}
