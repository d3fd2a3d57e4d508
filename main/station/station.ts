// The Station both shells use: the composition root's entry (`createStation`, the parts wired in wiring.ts) and the one
// dispatcher every channel goes through: a known channel, the sign-in gate, the input checked by the contract, the
// handler the table below holds under the channel's name, the answer an IpcResult.
import type { z } from 'zod';
import type { ChannelGroup, ChannelHandler } from '../../contract/ipc/channel-group.ts';
import {
  type ChannelInput,
  type ChannelName,
  channels,
  type IpcError,
  type IpcResult,
  isChannelName,
  stationChannels,
} from '../../contract/ipc.ts';
import { eventsHandlers } from '../events/events-channels.ts';
import { orderTaskHandlers } from '../service/calls/order-tasks.ts';
import { serviceHandlers } from '../service/calls/service-handlers.ts';
import { outboxHandlers } from '../service/outbox/outbox-channels.ts';
import { sessionHandlers } from '../service/session/session-channels.ts';
import { settingsHandlers } from '../service/settings/settings-channels.ts';
import { drillHandlers } from '../work/drills/drill-handlers.ts';
import { finalCheckHandlers } from '../work/final-check/final-check-channels.ts';
import { printHandlers } from '../work/print/print-channels.ts';
import { inspectorReportHandlers } from '../work/reports/inspector-report.ts';
import { auditHandlers } from '../work/review/audit-channels.ts';
import { scanHandlers } from '../work/scan/scan-resolve.ts';
import { stockHandlers } from '../work/stock/stock-channels.ts';
import { verifyHandlers } from '../work/verify-runs/verify-channels.ts';
import { workQueueHandlers } from '../work/work-queue/work-queue-channels.ts';
import { invalidInput, toIpcError } from './ipc-errors.ts';
import type { Station, StationOptions } from './options.ts';
import { ownHandlers } from './own-channels.ts';
import type { StationParts } from './parts.ts';
import { wireStation } from './wiring.ts';

export type { TrainingProcess } from '../service/backend/training-process.ts';
export type {
  BrowserShellStationOptions,
  DesktopShellStationOptions,
  Station,
  StationOptions,
} from './options.ts';

export async function createStation(options: StationOptions): Promise<Station> {
  const parts = await wireStation(options);
  const dispatch = createDispatcher(parts.current);
  let closing: Promise<void> | null = null;
  return {
    async invoke(channel, input) {
      if (closing) return { ok: false, error: { code: 'closed', message: 'The station is shutting down.' } };
      return dispatch(channel, input);
    },
    onEvent: (listener) => parts.emitter.on(listener),
    resume: () => parts.resume(),
    pendingWork: () => {
      const counts = parts.outbox.counts();
      return { verificationRuns: parts.current().verifyRuns.count(), waitingWrites: counts.queued + counts.sending };
    },
    close() {
      closing ??= parts.close();
      return closing;
    },
  };
}

/** A channel's handler as the dispatcher calls it: the contract's group type over the station's parts. */
type Handler<K extends ChannelName> = ChannelHandler<K, StationParts>;

/**
 * Every channel's handler under its channel's name: the path from a name (`station.orders.get` → `orders:get`) to the
 * code that serves it. Each group lives in the room that does its work and receives only the parts it declares; the
 * station's parts satisfy every group's (the compiler checks it here), and the table must hold every channel.
 */
export const handlers: ChannelGroup<ChannelName, StationParts> = {
  ...serviceHandlers,
  ...sessionHandlers,
  ...settingsHandlers,
  ...outboxHandlers,
  ...orderTaskHandlers,
  ...auditHandlers,
  ...verifyHandlers,
  ...printHandlers,
  ...drillHandlers,
  ...inspectorReportHandlers,
  ...eventsHandlers,
  ...scanHandlers,
  ...workQueueHandlers,
  ...finalCheckHandlers,
  // After the service's own: a controlled lot's adjustment needs a pharmacist's witness (main/work/stock).
  ...stockHandlers,
  ...ownHandlers,
};

/**
 * What a signed-out or locked station still answers: enough to show the sign-in or lock screen, and to choose the
 * service there (settings:update: changing to a custom service or webhook address needs a signed-in admin, checked in
 * settings-channels.ts; a custom service is confirmed by the person at the station before a password goes to it).
 */
export const OPEN_CHANNELS: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'app:info',
  'session:state',
  'session:signIn',
  'session:confirmService',
  'session:unlock',
  'settings:get',
  'settings:policy',
  'settings:update',
  'connectivity:state',
]);
/**
 * A locked station may also be signed out, so another person can sign in at the lock screen. It may not change the
 * service: a passer-by must not point a colleague's station elsewhere while it is locked.
 */
export const OPEN_WHILE_LOCKED: ReadonlySet<ChannelName> = new Set<ChannelName>(
  [...OPEN_CHANNELS, 'session:signOut' as const].filter(
    (channel) => channel !== 'settings:update' && channel !== 'session:confirmService',
  ),
);

const fail = (error: IpcError): IpcResult<unknown> => ({ ok: false, error });

function gate(channel: ChannelName, status: 'signed_out' | 'signed_in' | 'locked'): IpcError | null {
  if (status === 'signed_out' && !OPEN_CHANNELS.has(channel)) {
    return { code: 'not_signed_in', message: 'Sign in first.' };
  }
  if (status === 'locked' && !OPEN_WHILE_LOCKED.has(channel)) {
    return { code: 'locked', message: 'The station is locked; unlock it with your password.' };
  }
  return null;
}

/** A call without input to a channel whose input is an object of optional keys means "{}". */
function parseInput<I extends z.ZodType>(schema: I, input: unknown): z.ZodSafeParseResult<z.output<I>> {
  const parsed = schema.safeParse(input);
  if (parsed.success || input !== undefined) return parsed;
  const empty = schema.safeParse({});
  return empty.success ? empty : parsed;
}

const internalFailure: IpcError = {
  code: 'internal',
  message: 'Something went wrong in the station; the log has the details.',
};

/**
 * The contract's channels seen through their input schemas, by name: an upcast the compiler checks key by key, so that
 * a name's schema and its handler (Handler<K>) share one type and the call between them needs no cast.
 */
const inputSchemas: { readonly [K in ChannelName]: { readonly input: z.ZodType<ChannelInput<K>> } } = channels;

/** One channel, typed by its name from input to answer: the contract's schema parses, the handler table serves. */
async function serve<K extends ChannelName>(name: K, input: unknown, parts: StationParts): Promise<IpcResult<unknown>> {
  const parsed = parseInput(inputSchemas[name].input, input);
  if (!parsed.success) return fail(invalidInput(name, parsed.error));
  const handler: Handler<K> = handlers[name];
  const value = await handler(parsed.data, parts);
  // The own channels' answers are strict: this is the last guard against an extra field (a token) slipping out. A
  // service channel's answer is the client's tolerant reading of the service (main/service/client/tolerant-read.ts).
  if (Object.hasOwn(stationChannels, name)) {
    const checked = channels[name].output.safeParse(value);
    if (!checked.success) {
      parts.log.error('a channel answered outside its contract', {
        channel: name,
        issues: checked.error.issues.length,
      });
      return fail(internalFailure);
    }
  }
  return { ok: true, value };
}

/** `current` answers the station's parts now (a switch of service replaces them whole): read once per call. */
function createDispatcher(
  current: () => StationParts,
): (channel: string, input: unknown) => Promise<IpcResult<unknown>> {
  return async (name, input) => {
    const parts = current();
    const { log } = parts;
    if (!isChannelName(name)) {
      const shown = typeof name === 'string' && /^[a-zA-Z]{1,40}:[a-zA-Z]{1,40}$/.test(name) ? ` ${name}` : '';
      return fail({ code: 'unknown_channel', message: `The station has no channel${shown}.` });
    }
    const refused = gate(name, parts.session.state().status);
    if (refused) return fail(refused);
    try {
      return await serve(name, input, parts);
    } catch (error) {
      const { error: answer, known } = toIpcError(error);
      if (known) log.debug('a channel was refused', { channel: name, code: answer.code, status: answer.status });
      else
        log.error('a channel failed', { channel: name, error: error instanceof Error ? error.message : String(error) });
      return fail(answer);
    }
  };
}
