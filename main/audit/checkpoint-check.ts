// Whether a chain holds a checkpoint: signed with the chain's key, of this chain, counting no more records than the
// chain has, its last record the one the chain has there. `npm run audit -- verify` holds the chain against every
// checkpoint it is given this way; the station asks it before sending a checkpoint to the pharmacy's stream
// (main/events/audit-checkpoints.ts), so a chain shorter than, or different from, one already sent sends none.
import { z } from 'zod';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { Db } from '../../kits/sqlite/db.ts';
import { checkChain, type Link } from './chain.ts';
import { type ChainState, type Checkpoint, checkpointSignature, metaValue, storedCheckpoints } from './chain-state.ts';

const count = (n: number) => n.toLocaleString('en-US');

/** Why the chain does not hold checkpoint `c` (naming the first record that differs), or null when it does. */
export function checkpointDisagreement(db: Db, chainId: string, key: Buffer, c: Checkpoint, what: string) {
  const { signature, ...signed } = c;
  if (c.chainId !== chainId) return `${what} is of another chain (${c.chainId})`;
  const fields = { chainId: signed.chainId, records: signed.records, head: signed.head, at: signed.at };
  if (checkpointSignature(key, fields) !== signature) return `${what} does not carry this chain's signature (forged)`;
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

/** The chain this one replaced at a start, that one having failed its own check (kept aside as `keptAs`). */
const followedChain = z.object({ chainId: z.string(), problem: z.string(), keptAs: z.string() });
export type FollowedChain = z.infer<typeof followedChain>;

/** The chain audit.db's chain follows, as its `audit_meta` keeps it, or null when it began on its own. */
export function followsOf(db: Db): FollowedChain | null {
  const value = metaValue(db, 'follows');
  if (value === null) return null;
  try {
    const { chainId, problem, keptAs } = parseStoredJson(followedChain, value, 'the chain this one follows');
    return { chainId, problem, keptAs };
  } catch {
    return null;
  }
}

/**
 * Why the chain may not vouch for a new checkpoint, or null: it fails its own check (a record or link, or one of its
 * own checkpoints it no longer holds), it is not keyed, or it does not hold `sent`, a checkpoint of it the pharmacy's
 * stream already has (one not signed with the chain's key is nobody's word: the audit check names it, it holds
 * nothing back).
 */
export function checkpointProblemOf(db: Db, chain: ChainState, sent: Checkpoint | null): string | null {
  const check = checkChain(db, chain.key, chain.keyedFrom);
  if (!check.intact) return `BROKEN at record ${check.firstBad.seq}: ${check.firstBad.problem}`;
  const key = chain.key;
  if (!key) return 'the chain is not keyed';
  for (const own of storedCheckpoints(db)) {
    const problem = checkpointDisagreement(db, chain.id, key, own, `its own checkpoint of ${own.at}`);
    if (problem) return problem;
  }
  if (!sent || sent.chainId !== chain.id || checkpointSignature(key, sent) !== sent.signature) return null;
  return checkpointDisagreement(db, chain.id, key, sent, 'the checkpoint the stream holds');
}
