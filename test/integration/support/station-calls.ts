// A station's channels called as a page would, straight to main, with the answers unwrapped and typed by channel as
// `window.station` is (contract/ipc/api.ts: the service's operations and the station's own channels). A hostile page's
// call (any input, any channel name, to be refused) goes through `refusal` or `invoke`, which take anything.
import { z } from 'zod';
import type { DocumentContent } from '../../../contract/document-content.ts';
import type { StationApi } from '../../../contract/ipc/api.ts';
import type { IpcError, IpcResult } from '../../../contract/ipc/channel.ts';
import type { ChannelName } from '../../../contract/ipc/channels.ts';

/** `window.station.<domain>.<verb>` for the channel `<domain>:<verb>`. */
type CallOf<K extends ChannelName> = K extends `${infer D}:${infer V}`
  ? D extends keyof StationApi
    ? V extends keyof StationApi[D]
      ? StationApi[D][V]
      : never
    : never
  : never;

/** What a page sends on a channel. */
export type ChannelInputOf<K extends ChannelName> = CallOf<K> extends (...args: infer A) => unknown ? A[0] : never;

/** What main answers on a channel when it answers. */
export type ChannelValueOf<K extends ChannelName> =
  CallOf<K> extends (...args: never[]) => Promise<IpcResult<infer O>> ? O : never;

/** Main's answer as it is: its value, or the refusal. */
export type Answer<T = unknown> = { ok: true; value: T } | { ok: false; error: IpcError };

/** What the calls need of a rig: the station's one entry for every channel. */
export interface InvokesChannels {
  station: { invoke(channel: string, input: unknown): Promise<unknown> };
}

export function stationCalls(rig: () => InvokesChannels) {
  /** Any input on any channel name (one main does not have included), as a hostile page may send it. */
  const invoke = <K extends string>(channel: K, input?: unknown) =>
    rig().station.invoke(channel, input) as Promise<Answer<K extends ChannelName ? ChannelValueOf<K> : unknown>>;
  return {
    invoke,
    /** The value of a call that must succeed. */
    async value<K extends ChannelName>(channel: K, input?: ChannelInputOf<K>): Promise<ChannelValueOf<K>> {
      const answer = (await invoke(channel, input)) as Answer<ChannelValueOf<K>>;
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
      return answer.value;
    },
    /** The refusal of a call that must be refused (any input and any channel name: a hostile page's too). */
    async refusal(channel: string, input?: unknown): Promise<IpcError> {
      const answer = await invoke(channel, input);
      if (answer.ok) throw new Error(`${channel} was expected to refuse, answered ${JSON.stringify(answer.value)}`);
      return answer.error;
    },
  };
}

/** What print:prepare drew, of the kind the test expects: it fails here when main drew nothing or another kind. */
export function contentOf<K extends DocumentContent['kind']>(
  prepared: { content: DocumentContent | null },
  kind: K,
): Extract<DocumentContent, { kind: K }> {
  const { content } = prepared;
  if (content?.kind !== kind) throw new Error(`expected a ${kind}, main drew ${content?.kind ?? 'nothing'}`);
  return content as Extract<DocumentContent, { kind: K }>;
}

/** The fields a refusal names: its details as main's dispatcher gives them (`{ field, message }` each). */
export function refusedFields(error: IpcError): string[] {
  return z
    .array(z.looseObject({ field: z.string() }))
    .parse(error.details)
    .map((detail) => detail.field);
}
