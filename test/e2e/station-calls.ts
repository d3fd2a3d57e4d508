// `window.station` called from a spec, typed by channel as the page's own API is (contract/ipc/api.ts): `call(page,
// 'orders', 'get', input)` takes that channel's input and answers its value, so a wrong input or a field the answer
// lacks fails `tsc -b`. A hostile page's call (a wrong shape, to be refused) goes through `callUnchecked`, by name.
import type { Page } from '@playwright/test';
import type { IpcError, IpcResult, StationApi } from '../../contract/ipc.ts';

/** A domain of `window.station` (`orders`, `verify`, …): every key but `on`. */
export type StationDomain = Exclude<keyof StationApi, 'on'>;
/** A verb of that domain (`get`, `start`, …). */
export type StationVerb<D extends StationDomain> = keyof StationApi[D] & string;
/** The arguments `station.<domain>.<verb>` takes: the input, left out when nothing in it is required. */
export type CallInput<D extends StationDomain, V extends StationVerb<D>> = StationApi[D][V] extends (
  ...args: infer A
) => unknown
  ? A
  : never;
/** What main answers on `station.<domain>.<verb>` when it answers. */
export type CallValue<D extends StationDomain, V extends StationVerb<D>> = StationApi[D][V] extends (
  ...args: never[]
) => Promise<IpcResult<infer O>>
  ? O
  : never;

/** `window.station` as the page holds it, reached by names only known at run time. */
type StationByName = Record<string, Record<string, (input: unknown) => Promise<IpcResult<unknown>>>>;

/** Any input on any `station.<domain>.<verb>` and main's answer as it came: a hostile page's call, to be refused. */
export function callUnchecked(page: Page, domain: string, verb: string, input?: unknown): Promise<IpcResult<unknown>> {
  return page.evaluate(
    ([d, v, i]) => {
      const station = (window as unknown as { station: StationByName }).station;
      return station[d]![v]!(i);
    },
    [domain, verb, input] as const,
  );
}

/** Main's answer on `station.<domain>.<verb>`, refusal included, typed by the channel. */
export async function answerOf<D extends StationDomain, V extends StationVerb<D>>(
  page: Page,
  domain: D,
  verb: V,
  ...input: CallInput<D, V>
): Promise<IpcResult<CallValue<D, V>>> {
  // Main answered through the channel's output schema (contract/ipc/channel.ts); the page carried it as data.
  return (await callUnchecked(page, domain, verb, input[0])) as IpcResult<CallValue<D, V>>;
}

/** Calls `station.<domain>.<verb>` in the page and answers the value (fails the test on a refusal). */
export async function call<D extends StationDomain, V extends StationVerb<D>>(
  page: Page,
  domain: D,
  verb: V,
  ...input: CallInput<D, V>
): Promise<CallValue<D, V>> {
  const answer = await answerOf(page, domain, verb, ...input);
  if (!answer.ok) throw new Error(`${domain}.${verb} was refused: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

/** The refusal in an answer that must be a refusal (fails the test when main answered instead). */
export function refusalOf(answer: IpcResult<unknown>): IpcError {
  if (answer.ok) throw new Error(`expected a refusal, main answered ${JSON.stringify(answer.value)}`);
  return answer.error;
}
