// Service channels: one operation each, called with the signed-in client; the station's own order writes notify nobody,
// and a confirmed call that the audit log keeps (a lot adjustment) is recorded here in main.
import type { ServiceCallInput } from '../../contract/ipc.ts';
import type { InventoryLot } from '../../contract/service/inventory.ts';
import type { Order } from '../../contract/service/orders.ts';
import { type AdjustCall, type AuditUser, adjustmentFromCall } from '../audit/index.ts';
import { isUnreachable } from '../connectivity/connectivity.ts';
import { StationError } from '../errors/station-errors.ts';
import { isServiceError } from '../service/index.ts';
import type { StationParts } from '../station/parts.ts';

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
const ORDER_WRITES = new Set([
  'orders.create',
  'orders.update',
  'orders.unpause',
  'orders.requestCancellation',
  'orders.requestReplacement',
]);

/** A call the service answered with success: the caller's input, the answer, and who was signed in when it was made. */
interface ConfirmedCall {
  input: unknown;
  answer: unknown;
  user: AuditUser | null;
}

/** What main keeps of a confirmed call, by operation: here the renderer can neither forge an entry nor forget one. */
const AFTER_CALL: Readonly<Record<string, (call: ConfirmedCall, parts: StationParts) => void>> = {
  // The input is the dispatcher's parsed value and the answer the client's reading of it: both already checked.
  'inventory.adjustQuantity': ({ input, answer, user }, { audit }) => {
    audit.recordAdjustment(adjustmentFromCall(input as AdjustCall, answer as InventoryLot), user);
  },
  // An order main read for a screen is open here: the poller reads it by id, a change to it interrupts its run.
  'orders.get': ({ answer }, { events }) => {
    const order = answer as Order | null;
    if (typeof order?.id === 'string' && order.id !== '') events.watch(order.id, order);
  },
};

/** The order a write names in its path (`orders/{order_id}/...`), when it names one. */
function orderIdOf(input: ServiceCallInput): unknown {
  const params = input.params;
  return params && typeof params === 'object' && 'order_id' in params ? params.order_id : undefined;
}

function suppress(parts: StationParts, id: unknown): void {
  if (typeof id === 'string' && id !== '') parts.events.suppress(id);
}

/**
 * A hook's failure is logged loudly but never answered: the service has made the change, and an error shown to the
 * person would invite making it a second time.
 */
function afterCall(operation: string, call: ConfirmedCall, parts: StationParts): void {
  const hook = Object.hasOwn(AFTER_CALL, operation) ? AFTER_CALL[operation] : undefined;
  if (!hook) return;
  try {
    hook(call, parts);
  } catch (error) {
    parts.log.error('a confirmed call was not recorded in the audit log', {
      operation,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Whether a failure means the service could not be reached (as opposed to an answer that refused). */
export function isOfflineFailure(error: unknown): boolean {
  return (error instanceof StationError && error.code === 'offline') || isUnreachable(error);
}

/** A read's value and, when it came from what this station read earlier because the service is down, when that was. */
export interface ServiceRead {
  value: unknown;
  /** ms since epoch of the earlier reading, or null when the service answered now. */
  asOf: number | null;
}

/** Calls `client.<domain>.<verb>(input)`; connectivity learns whether the service answered. */
export async function callService(operation: string, input: ServiceCallInput, parts: StationParts): Promise<unknown> {
  return (await readThrough(operation, input, parts)).value;
}

/**
 * The call, with what this station read earlier standing in when the service is down: a read it made this session
 * answers from memory (the renderer is told it is offline by connectivity.changed), anything else answers "offline".
 */
export async function readThrough(
  operation: string,
  input: ServiceCallInput,
  parts: StationParts,
): Promise<ServiceRead> {
  // Tagged with the sign-in it starts in: an answer that lands after a change of person is dropped, not kept or shown.
  const startedIn = parts.reads.signIn();
  try {
    const value = await callNow(operation, input, parts);
    if (parts.reads.signIn() !== startedIn) throw personChanged(operation);
    parts.reads.put(operation, input, value, startedIn);
    return { value, asOf: null };
  } catch (error) {
    if (!isOfflineFailure(error)) throw error;
    const cached = parts.reads.get(operation, input);
    if (cached) return { value: cached.value, asOf: cached.at };
    throw error instanceof StationError ? error : offlineError(operation);
  }
}

async function callNow(operation: string, input: ServiceCallInput, parts: StationParts): Promise<unknown> {
  const caller = parts.session.caller();
  const ownOrderWrite = ORDER_WRITES.has(operation);
  // Who, taken before the call: a sign-out while it runs must not lose the name of the person who made it.
  const user = Object.hasOwn(AFTER_CALL, operation) ? parts.session.state().user : null;
  // Before the call too: the webhook can arrive before the answer does.
  if (ownOrderWrite) suppress(parts, orderIdOf(input));
  if (parts.connectivity.isOffline()) {
    parts.connectivity.nudge();
    throw offlineError(operation);
  }
  // Reads are released when the service is found down; a write runs to its own end (it may have been applied).
  const watch = parts.connectivity.watch();
  const read = caller.operation(operation)?.method === 'GET';
  let answer: unknown;
  try {
    answer = await caller.call(operation, read ? { ...input, signal: watch.signal } : input);
    watch.done();
  } catch (error) {
    watch.done(error);
    if (watch.signal.aborted && isServiceError(error) && error.code === 'aborted') throw offlineError(operation);
    throw error;
  }
  if (ownOrderWrite && answer && typeof answer === 'object') {
    const order = answer as { id?: unknown; order_number?: unknown };
    suppress(parts, order.id);
    suppress(parts, order.order_number);
  }
  afterCall(operation, { input, answer, user }, parts);
  return answer;
}
