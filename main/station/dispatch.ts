// One invoke for every channel: known channel, sign-in gate, input checked by the contract, run, answer IpcResult.
import { type AnyChannel, channels, type IpcError, type IpcResult, stationChannels } from '../../contract/ipc.ts';
import { checkedInput } from '../service/index.ts';
import { invalidInput, toIpcError } from './errors.ts';
import { type OwnHandlers, ownHandlers } from './own-channels.ts';
import type { StationParts } from './parts.ts';
import { callService } from './service-calls.ts';

/**
 * What a signed-out or locked station still answers: enough to show the sign-in or lock screen, and to choose the
 * service there (settings:update: changing to a custom service or webhook address needs a signed-in admin, checked in
 * settings-channels.ts; a custom service is confirmed by the person at the station before a password goes to it).
 */
export const OPEN_CHANNELS: ReadonlySet<string> = new Set([
  'app:info',
  'session:state',
  'session:signIn',
  'session:confirmService',
  'session:unlock',
  'settings:get',
  'settings:update',
  'connectivity:state',
]);
/**
 * A locked station may also be signed out, so another person can sign in at the lock screen. It may not change the
 * service: a passer-by must not point a colleague's station elsewhere while it is locked.
 */
export const OPEN_WHILE_LOCKED: ReadonlySet<string> = new Set(
  [...OPEN_CHANNELS, 'session:signOut'].filter(
    (channel) => channel !== 'settings:update' && channel !== 'session:confirmService',
  ),
);

const fail = (error: IpcError): IpcResult<unknown> => ({ ok: false, error });

function gate(channel: string, status: 'signed_out' | 'signed_in' | 'locked'): IpcError | null {
  if (status === 'signed_out' && !OPEN_CHANNELS.has(channel)) {
    return { code: 'not_signed_in', message: 'Sign in first.' };
  }
  if (status === 'locked' && !OPEN_WHILE_LOCKED.has(channel)) {
    return { code: 'locked', message: 'The station is locked; unlock it with your password.' };
  }
  return null;
}

/** A call without input to a channel whose input is an object of optional keys means "{}". */
function parseInput(channel: AnyChannel, input: unknown) {
  const parsed = channel.input.safeParse(input);
  if (parsed.success || input !== undefined) return parsed;
  const empty = channel.input.safeParse({});
  return empty.success ? empty : parsed;
}

function isOwn(name: string): name is keyof OwnHandlers {
  return Object.hasOwn(stationChannels, name);
}

export function createDispatcher(
  parts: StationParts,
): (channel: string, input: unknown) => Promise<IpcResult<unknown>> {
  const { log } = parts;
  return async (name, input) => {
    if (typeof name !== 'string' || !Object.hasOwn(channels, name)) {
      const shown = typeof name === 'string' && /^[a-zA-Z]{1,40}:[a-zA-Z]{1,40}$/.test(name) ? ` ${name}` : '';
      return fail({ code: 'unknown_channel', message: `The station has no channel${shown}.` });
    }
    const channel = channels[name] as AnyChannel & { operation?: string };
    const refused = gate(name, parts.session.state().status);
    if (refused) return fail(refused);
    const parsed = parseInput(channel, input);
    if (!parsed.success) return fail(invalidInput(name, parsed.error));
    try {
      // Checked once, here: the client sends the parsed value as it is (checkedInput) and does not check it again.
      if (!isOwn(name)) {
        const checked = checkedInput((parsed.data ?? {}) as object);
        return { ok: true, value: await callService(channel.operation as string, checked, parts) };
      }
      const handler = ownHandlers[name] as (input: unknown, parts: StationParts) => unknown;
      const value = await handler(parsed.data, parts);
      // The own channels' answers are strict: this is the last guard against an extra field (a token) slipping out.
      const checked = channel.output.safeParse(value);
      if (!checked.success) {
        log.error('a channel answered outside its contract', { channel: name, issues: checked.error.issues.length });
        return fail({ code: 'internal', message: 'Something went wrong in the station; the log has the details.' });
      }
      return { ok: true, value };
    } catch (error) {
      const { error: answer, known } = toIpcError(error);
      if (known) log.debug('a channel was refused', { channel: name, code: answer.code, status: answer.status });
      else
        log.error('a channel failed', { channel: name, error: error instanceof Error ? error.message : String(error) });
      return fail(answer);
    }
  };
}
