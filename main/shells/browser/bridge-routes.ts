// The bridge's two endpoints: POST /bridge/invoke/<channel> (one JSON call) and GET /bridge/events (server-sent events).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BRIDGE_MAX_MESSAGE_BYTES, bridgeInvokeBody } from '../../../contract/ipc/bridge.ts';
import { sendJson } from '../../../kits/loopback-http/answer.ts';
import { closeAfterAnswer, isJsonContentType, readBody } from '../../../kits/loopback-http/body.ts';
import type { Logger } from '../../platform/log/logger.ts';
import type { Station } from '../../station/station.ts';
import { bridgeAnswerText, readBridgeMessage } from './bridge-json.ts';
import { NO_STORE, SECURITY_HEADERS } from './headers.ts';

export const MAX_EVENT_STREAMS = 16;
const HEARTBEAT_MS = 20_000;

/** Every refusal is an IpcResult too, so the bridge in the page hands it on as it is. */
export function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { ok: false, error: { code, message } }, SECURITY_HEADERS);
}

/** `{ "input": … }` (input may be left out: a channel without input), nesting within the limit. Anything else is refused. */
function envelopeInput(text: string): { ok: true; input: unknown } | { ok: false; message: string } {
  const message = readBridgeMessage(text);
  if (!message.ok) return message;
  const envelope = bridgeInvokeBody.safeParse(message.value);
  return envelope.success
    ? { ok: true, input: envelope.data.input }
    : { ok: false, message: 'The body must be a JSON object { "input": … }.' };
}

export async function handleInvoke(
  req: IncomingMessage,
  res: ServerResponse,
  channel: string,
  station: Station,
): Promise<void> {
  if (!isJsonContentType(req.headers['content-type'])) {
    return refuse(res, 415, 'unsupported_media_type', 'The bridge takes application/json only.');
  }
  // Nothing is drained: a page sending more than a call may carry is a runaway, and its connection is closed.
  const body = await readBody(req, { maxBytes: BRIDGE_MAX_MESSAGE_BYTES });
  if (body.kind === 'aborted') return;
  if (body.kind === 'too_large') {
    closeAfterAnswer(req, res);
    return refuse(res, 413, 'too_large', `A call may carry at most ${BRIDGE_MAX_MESSAGE_BYTES / 1024} KiB.`);
  }
  const envelope = envelopeInput(body.body.toString('utf8'));
  if (!envelope.ok) return refuse(res, 400, 'bad_request', envelope.message);
  const text = bridgeAnswerText(channel, await station.invoke(channel, envelope.input));
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    ...NO_STORE,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function createEventStreams(station: Station, log: Logger) {
  const open = new Set<ServerResponse>();
  return {
    handle(req: IncomingMessage, res: ServerResponse): void {
      if (open.size >= MAX_EVENT_STREAMS) {
        refuse(res, 503, 'too_many_streams', 'Too many open event streams; close other station tabs.');
        return;
      }
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        ...NO_STORE,
        'Content-Type': 'text/event-stream; charset=utf-8',
        Connection: 'keep-alive',
      });
      res.write('retry: 2000\n\n');
      open.add(res);
      const stop = station.onEvent((event, payload) => {
        res.write(`event: ${event}\ndata: ${bridgeAnswerText(event, payload)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      req.on('close', () => {
        stop();
        clearInterval(heartbeat);
        open.delete(res);
        log.debug('event stream closed', { open: open.size });
      });
      log.debug('event stream opened', { open: open.size });
    },
    closeAll(): void {
      for (const res of open) res.end();
      open.clear();
    },
  };
}
