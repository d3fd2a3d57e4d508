// What the bridge carries to the page is bounded: an answer past BRIDGE_MAX_ANSWER_BYTES, or one nested too deep to
// write out, reaches the page as a clear IpcResult refusal naming the channel (over HTTP, the socket and the event
// stream), never a stalled tab or a 500; a call nested 300,000 deep is refused with a 400 naming the limit. The station
// behind the shell here is a hostile one: its answers are whatever a broken service could have made it hold.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_MAX_ANSWER_BYTES } from '../../../../contract/ipc/bridge.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { type BrowserShell, startBrowserShell } from '../../../../main/shells/browser/shell.ts';
import type { Station } from '../../../../main/station/station.ts';
import { send } from './harness.ts';

const deepValue = () => {
  let value: unknown = [];
  for (let i = 0; i < 300_000; i++) value = [value];
  return value;
};
const answers: Record<string, () => unknown> = {
  'orders:get': () => ({ ok: true, value: { id: 'o-1', padding: 'x'.repeat(BRIDGE_MAX_ANSWER_BYTES + 1) } }),
  'orders:list': () => ({ ok: true, value: deepValue() }),
  'app:info': () => ({ ok: true, value: { shell: 'browser' } }),
};
let emit: (event: string, payload: unknown) => void = () => {};
const hostileStation: Station = {
  invoke: async (channel) => (answers[channel] ?? answers['app:info'])?.() as never,
  onEvent(listener) {
    emit = listener;
    return () => {};
  },
  resume: async () => {},
  pendingWork: () => ({ verificationRuns: 0, waitingWrites: 0 }),
  close: async () => {},
};

let shell: BrowserShell;
let cookie: string;
beforeAll(async () => {
  shell = await startBrowserShell({
    station: hostileStation,
    bridgeScript: '',
    log: createLogger({ scope: 'browser', write: () => {} }),
  });
  const opened = await send(shell.port, { path: new URL(shell.url).search.replace(/^/, '/') });
  cookie = String(opened.headers['set-cookie']?.[0]).split(';')[0] as string;
});
afterAll(() => shell.close());

const call = (channel: string, body: string) =>
  send(shell.port, {
    method: 'POST',
    path: `/bridge/invoke/${channel}`,
    headers: { 'content-type': 'application/json', cookie, origin: shell.origin },
    body,
  });

describe('the bridge bounds what it carries', () => {
  it('refuses an answer larger than its limit with an IpcResult naming the channel', async () => {
    const answer = await call('orders:get', '{"input":{"id":"o-1"}}');
    expect(answer.status).toBe(200);
    expect(answer.text.length).toBeLessThan(1024);
    expect(answer.json()).toEqual({
      ok: false,
      error: {
        code: 'invalid_response',
        message: 'The answer to orders:get is larger than 48 MiB; it was not sent to the page.',
      },
    });
  });

  it('refuses an answer nested 300,000 deep with an IpcResult, not a 500', async () => {
    const answer = await call('orders:list', '{"input":{}}');
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    expect(answer.json().error?.message).toBe(
      'The answer to orders:list could not be written out; it was not sent to the page.',
    );
  });

  it('refuses a call nested 300,000 deep with a 400 naming the limit, over HTTP and over the socket', async () => {
    const deep = `{"input":${'['.repeat(300_000)}${']'.repeat(300_000)}}`;
    const answer = await call('app:info', deep);
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'A call may nest at most 64 levels of arrays and objects.' },
    });
    const socket = new WebSocket(`ws://127.0.0.1:${shell.port}/bridge/socket`, { headers: { cookie } } as never);
    await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
    const reply = new Promise<unknown>((resolve) =>
      socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))), { once: true }),
    );
    socket.send(`{"id":7,"channel":"app:info","input":${'['.repeat(300_000)}${']'.repeat(300_000)}}`);
    expect(await reply).toEqual({
      id: 7,
      result: {
        ok: false,
        error: { code: 'invalid_input', message: 'A call may nest at most 64 levels of arrays and objects.' },
      },
    });
    socket.close();
  });

  it('sends an event too deep to write out as a refusal on the event stream, and the stream goes on', async () => {
    const data = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: shell.port,
          path: '/bridge/events',
          headers: { cookie, accept: 'text/event-stream' },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('retry:') && !text.includes('event:')) emit('outbox.changed', deepValue());
            const line = /^data: (.+)$/m.exec(text)?.[1];
            if (line) {
              resolve(line);
              req.destroy();
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(data)).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });
});
