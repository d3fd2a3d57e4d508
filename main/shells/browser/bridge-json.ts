// What the bridge carries, bounded both ways: a call's JSON nests at most 64 levels (deeper is refused before zod or
// anything recursive sees it), and an answer going to the page is at most BRIDGE_MAX_ANSWER_BYTES and serializable,
// else the page gets a clear IpcResult refusal instead of a stalled tab or a 500.
import { BRIDGE_MAX_ANSWER_BYTES } from '../../../contract/ipc/bridge.ts';
import type { IpcResult } from '../../../contract/ipc/channel.ts';
import { DEFAULT_MAX_JSON_DEPTH, parseBoundedJson } from '../../../kits/json/bounded-json.ts';

export type BridgeMessage = { ok: true; value: unknown } | { ok: false; message: string };

/** A call's text as JSON within the depth limit, or why not in words the page can show. */
export function readBridgeMessage(text: string): BridgeMessage {
  const parsed = parseBoundedJson(text, DEFAULT_MAX_JSON_DEPTH);
  if (parsed.ok) return parsed;
  return {
    ok: false,
    message:
      parsed.reason === 'too_deep'
        ? `A call may nest at most ${DEFAULT_MAX_JSON_DEPTH} levels of arrays and objects.`
        : 'The body must be JSON.',
  };
}

const MIB = 1024 * 1024;

/** `answer` as JSON text for the page; one that cannot be written or is too large becomes a refusal naming the channel. */
export function bridgeAnswerText(channel: string, answer: unknown, maxBytes = BRIDGE_MAX_ANSWER_BYTES): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(answer);
  } catch {
    text = undefined;
  }
  if (text !== undefined && Buffer.byteLength(text) <= maxBytes) return text;
  const why = text === undefined ? 'could not be written out' : `is larger than ${maxBytes / MIB} MiB`;
  const refusal: IpcResult<never> = {
    ok: false,
    error: { code: 'invalid_response', message: `The answer to ${channel} ${why}; it was not sent to the page.` },
  };
  return JSON.stringify(refusal);
}
