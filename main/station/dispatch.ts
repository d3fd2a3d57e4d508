// One invoke for every channel: known channel, sign-in gate, input checked by the contract, run, answer IpcResult.
import type { z } from 'zod';
import {
  type ChannelInput,
  type ChannelName,
  channels,
  type IpcError,
  type IpcResult,
  isChannelName,
  stationChannels,
} from '../../contract/ipc.ts';
import { invalidInput, toIpcError } from '../errors/station-errors.ts';
import type { Handler } from './handler.ts';
import { handlers } from './handlers.ts';
import type { StationParts } from './parts.ts';

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
  // service channel's answer is the client's tolerant reading of the service (main/service/tolerant-read.ts).
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
export function createDispatcher(
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
