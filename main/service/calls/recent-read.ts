// A read that may reuse what this station read a moment ago: an answer of the same operation and input kept in the read
// cache (read-cache.ts) within `maxAgeMs` answers again without asking the service; an older one, or none, is read now
// (readThrough). For a decision recorded over what a screen just showed: the record is made of the reads the person
// saw, and a later change at the service is what the gates compare against, not something recorded unseen.
import type { AnyOperation } from '../../../contract/service/operation.ts';
import type { CallInput } from '../client/types.ts';
import { type Answer, readThrough, remembered, type ServiceCallParts, type ServiceRead } from './service-calls.ts';

/** What this station read of that operation and input within `maxAgeMs` (answered as current), else a read now. */
export async function readRecent<O extends AnyOperation>(
  operation: O,
  input: CallInput<O>,
  parts: ServiceCallParts,
  maxAgeMs: number,
  now: () => number = Date.now,
): Promise<ServiceRead<Answer<O>>> {
  const kept = remembered(operation, input, parts.reads);
  if (kept && kept.asOf !== null && now() - kept.asOf <= maxAgeMs) return { value: kept.value, asOf: null };
  return readThrough(operation, input, parts);
}
