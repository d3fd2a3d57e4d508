// Server-sent events carry the station's events to the page: a task queued through the bridge shows up as outbox.changed.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationEventName, StationEventPayload } from '../../../../contract/ipc.ts';
import { PASSWORD, TECHNICIAN } from '../../station/harness.ts';
import { invoke, type ShellRig, startShellRig } from './harness.ts';

let rig: ShellRig;
beforeAll(async () => {
  rig = await startShellRig();
});
afterAll(async () => {
  await rig.close();
});

interface Stream {
  events: { event: string; data: unknown }[];
  /** The first event of this name `test` accepts, its data as the contract's payload of that event. */
  waitFor<E extends StationEventName>(
    event: E,
    test?: (data: StationEventPayload<E>) => boolean,
  ): Promise<StationEventPayload<E>>;
  close(): void;
}

function openStream(port: number, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const events: { event: string; data: unknown }[] = [];
    let buffer = '';
    const req = request(
      { host: '127.0.0.1', port, path: '/bridge/events', headers: { accept: 'text/event-stream', cookie } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`event stream answered ${res.statusCode}`));
        expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            end = buffer.indexOf('\n\n');
          }
        });
        resolve({
          events,
          async waitFor<E extends StationEventName>(
            event: E,
            test: (data: StationEventPayload<E>) => boolean = () => true,
          ) {
            // The bridge sends each event's payload as main made it with the event's schema: the name says which.
            const payloadOf = (data: unknown) => data as StationEventPayload<E>;
            for (let i = 0; i < 300; i++) {
              const found = events.find((e) => e.event === event && test(payloadOf(e.data)));
              if (found) return payloadOf(found.data);
              await new Promise((r) => setTimeout(r, 50));
            }
            throw new Error(`no ${event} on the stream`);
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', () => {});
    req.end();
  });
}

describe('the bridge event stream', () => {
  it('delivers session.changed and outbox.changed to the page after a sign-in and a tasks:enqueue over HTTP', async () => {
    const stream = await openStream(rig.port, rig.cookie);
    expect((await invoke(rig, 'session:signIn', { email: TECHNICIAN, password: PASSWORD })).json().ok).toBe(true);
    expect(await stream.waitFor('session.changed')).toMatchObject({
      reason: 'signed_in',
      state: { status: 'signed_in' },
    });
    const queued = (
      await invoke(rig, 'tasks:enqueue', {
        kind: 'create',
        body: { name: 'Count the cold chain boxes', category_code: 'T03' },
      })
    ).json();
    expect(queued).toMatchObject({ ok: true, value: { state: 'queued' } });
    const done = await stream.waitFor(
      'outbox.changed',
      (data) => data.ids.includes(queued.value!.id!) && data.counts.done === 1,
    );
    expect(done.counts).toMatchObject({ queued: 0, sending: 0, failed: 0, done: 1, total: 1 });
    const text = JSON.stringify(stream.events);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(text).not.toContain(PASSWORD);
    stream.close();
  });
});
