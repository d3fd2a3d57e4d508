// With the relay process SIGKILLed and nats-server still up, a station on the relay hears no more of the relay's
// heartbeat: after three missed beats it says "relay unreachable" and polls the service at once, and goes back to
// the relay when a relay beats again. Real nats-server, the relay as its own process (`node relay/cli.ts`), the
// training service behind a counting proxy; the poller's own interval is an hour, so a read after the kill can only be
// the fallback's.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsStateView } from '../../../contract/ipc/events.ts';
import type { EventSystem } from '../../../main/events/system.ts';
import { seedDemoData } from '../../../training/index.ts';
import { type CountingProxy, startCountingProxy } from '../../bench/lib/counting-proxy.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { startRelayedStation } from './relayed-station.ts';

const root = resolve(import.meta.dirname, '../../..');
let h: Harness;
let proxy: CountingProxy;
let nats: NatsServer;
let relay: ChildProcess | null = null;
let system: EventSystem;
let dir: string;
let view: EventsStateView;

/** The relay as IT runs it, its own process; resolves once it says it listens. */
function startRelayProcess(): Promise<ChildProcess> {
  return new Promise((ready, failed) => {
    const child = spawn(
      process.execPath,
      ['relay/cli.ts', '--nats', nats.url, '--state', join(dir, 'relay'), '--port', '0'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let said = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('events relay listening')) ready(child);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    child.once('exit', (code) => failed(new Error(`the relay exited (${code}): ${said.slice(-500)}`)));
  });
}

async function killRelay(): Promise<void> {
  const child = relay;
  relay = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await gone;
}

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 7, orders: 10, now: h.clock.now });
  proxy = await startCountingProxy(h.url);
  nats = await startNatsServer();
  dir = mkdtempSync(join(tmpdir(), 'relay-down-'));
  mkdirSync(join(dir, 'station'));
  relay = await startRelayProcess();
  system = await startRelayedStation({
    serviceUrl: proxy.url,
    adminToken: h.tokens.admin,
    dataDir: join(dir, 'station'),
    natsUrl: nats.url,
    onView: (next) => {
      view = next;
    },
  });
}, 60_000);

afterAll(async () => {
  await system?.stop();
  await killRelay();
  await nats?.stop();
  await proxy?.close();
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a station on the relay when the relay process is killed and nats-server stays up', () => {
  it('says events come through the relay while the relay beats', async () => {
    await expect.poll(() => system.relayState().state).toBe('live');
    expect(view).toMatchObject({ mode: 'pushed', path: 'relay' });
  });

  it('says "relay unreachable" after three missed beats, and reads the service at once', async () => {
    await expect.poll(() => proxy.inFlight()).toBe(0);
    proxy.reset();
    await killRelay();
    // Three beats of 3 s: the state is waited for, not a time.
    await expect
      .poll(() => system.relayState())
      .toMatchObject({
        state: 'failed',
        message: expect.stringMatching(/no heartbeat/),
      });
    expect(view).toMatchObject({ mode: 'polling', path: 'polling', reason: 'relay_unreachable' });
    expect(view.message).toMatch(/the relay or its NATS server is down/);
    await expect.poll(() => proxy.reads()).toContain('GET /api/v1/orders');
  });

  it('goes back to the relay when a relay beats again', async () => {
    relay = await startRelayProcess();
    await expect.poll(() => system.relayState().state).toBe('live');
    expect(view).toMatchObject({ mode: 'pushed', path: 'relay' });
  });
});
