// The station's calls to the service, typed by the contract's operation table: `readThrough(operations.orders.get,
// { params: { order_id } }, parts)` answers the operation's own response type. Through the signed-in client, with
// connectivity and the read cache: the station's own order writes notify nobody, and an order read is watched
// (`watchReadOrder`); `readRecent` reuses a read of a moment ago (below). A lot adjustment is recorded by the one
// channel that makes it (main/work/stock/).
import type { z } from 'zod';
import type { ServiceCallInput } from '../../../contract/ipc.ts';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import { operations } from '../../../contract/service/operations.ts';
import type { Order } from '../../../contract/service/orders.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { isServiceError } from '../client/index.ts';
import type { CallInput } from '../client/types.ts';
import { type Connectivity, isUnreachable } from '../connectivity/connectivity.ts';
import type { Session } from '../session/index.ts';
import type { ReadCache } from './read-cache.ts';

/** What a call tells the event system (main/events' EventSystem satisfies it). */
export interface CallEvents {
  /** The station changed this order itself: no notification for it for a while. */
  suppress(orderIdOrNumber: string, forMs?: number): void;
  /** The order was read: watched for changes while it is open here. */
  watch(orderId: string, order?: Order): void;
}

/** What a call through the station uses of it, and nothing more (the station's parts satisfy it as they are). */
export interface ServiceCallParts {
  session: Pick<Session, 'caller' | 'state'>;
  reads: ReadCache;
  connectivity: Pick<Connectivity, 'isOffline' | 'nudge' | 'watch'>;
  events: CallEvents;
  log: Logger;
}

/** What an operation answers, typed by its response schema. */
export type Answer<O extends AnyOperation> = z.output<O['response']>;

/** What a call that needs the service answers while it is down: at once, instead of after the call's timeout. */
export function offlineError(operation: string): StationError {
  return new StationError(
    'offline',
    `The service is not answering, so ${operation} cannot be done now. Try again when the station shows Online.`,
  );
}

/** A read whose answer came after the person signed in changed: it belongs to nobody signed in now. */
function personChanged(operation: string): StationError {
  return new StationError(
    'aborted',
    `The person signed in changed while ${operation} was read: its answer was dropped. Read it again if needed.`,
  );
}

/** Order writes made from this station: the change they cause must not come back as a desktop notification. */
const ORDER_WRITES: ReadonlySet<AnyOperation> = new Set<AnyOperation>([
  operations.orders.create,
  operations.orders.update,
  operations.orders.unpause,
  operations.orders.requestCancellation,
  operations.orders.requestReplacement,
]);

/**
 * An order main read for a screen is open here: the poller reads it by id, a change to it interrupts its run. Called by
 * the call path on every order read the service answered (`callNow`), not on an answer from memory.
 */
export function watchReadOrder(order: Order | null, events: Pick<CallEvents, 'watch'>): void {
  if (typeof order?.id === 'string' && order.id !== '') events.watch(order.id, order);
}

/** The order a write names in its path (`orders/{order_id}/...`), when it names one. */
function orderIdOf(input: ServiceCallInput): unknown {
  const params = input.params;
  return params && typeof params === 'object' && 'order_id' in params ? params.order_id : undefined;
}

function suppress(parts: ServiceCallParts, id: unknown): void {
  if (typeof id === 'string' && id !== '') parts.events.suppress(id);
}

/** Whether a failure means the service could not be reached (as opposed to an answer that refused). */
export function isOfflineFailure(error: unknown): boolean {
  return (error instanceof StationError && error.code === 'offline') || isUnreachable(error);
}

/** A read's value and, when it came from what this station read earlier because the service is down, when that was. */
export interface ServiceRead<T> {
  value: T;
  /** ms since epoch of the earlier reading, or null when the service answered now. */
  asOf: number | null;
}

/** What this station read earlier of that operation and input (the read cache, `main/service/calls/`); null when nothing. */
export function remembered<O extends AnyOperation>(
  operation: O,
  input: CallInput<O>,
  reads: Pick<ReadCache, 'get'>,
): ServiceRead<Answer<O>> | null {
  const cached = reads.get(operation.name, input);
  // The cache keeps each answer under its operation's name: what it holds for this one is this operation's answer.
  return cached && { value: cached.value as Answer<O>, asOf: cached.at };
}

/** A typed read through the station, as a room's narrow parts carry it: `read(operations.orders.get, { params })`. */
export type ServiceReader = <O extends AnyOperation>(
  operation: O,
  input: CallInput<O>,
) => Promise<ServiceRead<Answer<O>>>;

/** A typed call through the station that answers the value only. */
export type ServiceCaller = <O extends AnyOperation>(operation: O, input: CallInput<O>) => Promise<Answer<O>>;

/** Calls the operation through the station and answers its value (see readThrough). */
export async function callService<O extends AnyOperation>(
  operation: O,
  input: CallInput<O>,
  parts: ServiceCallParts,
): Promise<Answer<O>> {
  return (await readThrough(operation, input, parts)).value;
}

/**
 * The call, with what this station read earlier standing in when the service is down: a read it made this session
 * answers from memory (the renderer is told it is offline by connectivity.changed), anything else answers "offline".
 */
export async function readThrough<O extends AnyOperation>(
  operation: O,
  input: CallInput<O>,
  parts: ServiceCallParts,
): Promise<ServiceRead<Answer<O>>> {
  const { name } = operation;
  // Tagged with the sign-in it starts in: an answer that lands after a change of person is dropped, not kept or shown.
  const startedIn = parts.reads.signIn();
  try {
    const value = await callNow(operation, input, parts);
    if (parts.reads.signIn() !== startedIn) throw personChanged(name);
    parts.reads.put(name, input, value, startedIn);
    return { value, asOf: null };
  } catch (error) {
    if (!isOfflineFailure(error)) throw error;
    const cached = remembered(operation, input, parts.reads);
    if (cached) return cached;
    throw error instanceof StationError ? error : offlineError(name);
  }
}

async function callNow<O extends AnyOperation>(
  operation: O,
  input: CallInput<O>,
  parts: ServiceCallParts,
): Promise<Answer<O>> {
  const caller = parts.session.caller();
  const ownOrderWrite = ORDER_WRITES.has(operation);
  // Before the call too: the webhook can arrive before the answer does.
  if (ownOrderWrite) suppress(parts, orderIdOf(input));
  if (parts.connectivity.isOffline()) {
    parts.connectivity.nudge();
    throw offlineError(operation.name);
  }
  // Reads are released when the service is found down; a write runs to its own end (it may have been applied).
  const watch = parts.connectivity.watch();
  const read = operation.method === 'GET';
  let answer: Answer<O>;
  try {
    answer = await caller.call(operation, read ? { ...input, signal: watch.signal } : input);
    watch.done();
  } catch (error) {
    watch.done(error);
    if (watch.signal.aborted && isServiceError(error) && error.code === 'aborted') throw offlineError(operation.name);
    throw error;
  }
  if (ownOrderWrite && answer && typeof answer === 'object') {
    const order: { id?: unknown; order_number?: unknown } = answer;
    suppress(parts, order.id);
    suppress(parts, order.order_number);
  }
  // The operation is the order read, so its answer is that operation's, an order (or null for none).
  const declared: AnyOperation = operation;
  if (declared === operations.orders.get) watchReadOrder(answer as Order | null, parts.events);
  return answer;
}

// A read that may reuse what this station read a moment ago: an answer of the same operation and input kept in the read
// cache (read-cache.ts) within `maxAgeMs` answers again without asking the service; an older one, or none, is read now
// (readThrough). For a decision recorded over what a screen just showed: the record is made of the reads the person
// saw, and a later change at the service is what the gates compare against, not something recorded unseen.

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
