// The events relay assembled: the signing secret (a 0600 file in its state folder), NATS and the pharmacy's stream,
// the HTTP receiver on 127.0.0.1, the one webhook subscription, the health answer and one log line a minute.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { DEFAULT_RETENTION_MS } from '../contract/pharmacy-stream.ts';
import { loopbackHosts } from '../kits/loopback-http/guard.ts';
import { createEnrolments } from '../kits/signed-facts/enrolments.ts';
import { stationKeyFromSeed } from '../kits/signed-facts/signed-facts.ts';
import { type CatchUp, createCatchUp } from './catch-up.ts';
import { startHeartbeat } from './heartbeat.ts';
import { createOrderWatch, type OrderWatch } from './order-watch.ts';
import { handleRelayRequest, RELAY_WEBHOOK_PATH, type RelayCounts } from './receiver.ts';
import { createServiceSession, type ServiceAccount, subscribeRelay } from './service-account.ts';
import { connectNats, type NatsAccess, publishServiceEvent } from './stream.ts';
import { createStreamKeeper } from './stream-keeper.ts';

/** A catch-up that failed is tried again this soon. */
const CATCH_UP_RETRY_MS = 5_000;
export interface RelayOptions {
  /** Port on 127.0.0.1 (0: any free one). */
  port: number;
  /** Where the relay keeps its signing secret (0600). */
  stateDir: string;
  nats: NatsAccess;
  /** The service account that owns the subscription; null: subscribe nobody (the secret file is set by hand). */
  service: ServiceAccount | null;
  /** The https URL the reverse proxy serves the relay at; default the loopback URL (training, one machine). */
  publicUrl?: string;
  retentionMs?: number;
  log?: (line: Record<string, unknown>) => void;
  /** Default one minute. */
  logIntervalMs?: number;
  /** How often the relay asks whether its stream is there (default 10 s; also at each `/health`). */
  streamCheckMs?: number;
  /** How often the orders claimed at stations are read (default 5 s; needs `service`). */
  watchIntervalMs?: number;
  /** The pharmacy's public key (`--pharmacy-key`): the order watch follows only enrolled stations' signed claims. */
  pharmacyKey?: string;
  now?: () => Date;
}

export interface Relay {
  start(): Promise<{ port: number; url: string }>;
  stop(): Promise<void>;
  counts(): RelayCounts;
}

const SECRET_FILE = 'webhook-signing-secret';

export function createRelay(options: RelayOptions): Relay {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line) => console.log(JSON.stringify(line)));
  const counts: RelayCounts = { received: 0, published: 0, duplicates: 0, refused: {}, unstored: 0 };
  const startedAt = now();
  let secret: string | null = readSecret(options.stateDir);
  let nc: NatsConnection | null = null;
  let natsUp = false;
  let server: Server | null = null;
  let hosts: ReadonlySet<string> = new Set();
  let timer: ReturnType<typeof setInterval> | null = null;
  let streamTimer: ReturnType<typeof setInterval> | null = null;
  let watch: OrderWatch | null = null;
  let catchUp: CatchUp | null = null;
  let catchUpRetry: ReturnType<typeof setTimeout> | null = null;
  let stopHeartbeat = () => {};
  const stream = createStreamKeeper(
    () => (natsUp ? nc : null),
    options.retentionMs ?? DEFAULT_RETENTION_MS,
    (line) => log({ at: now().toISOString(), ...line }),
  );

  async function watchStatus(conn: NatsConnection) {
    for await (const status of conn.status()) {
      if (status.type === 'disconnect') {
        natsUp = false;
        catchUp?.lost();
      }
      if (status.type === 'reconnect') {
        natsUp = true;
        // A restarted server without its store has no stream: make it again before the next publish.
        stream.reset();
        void runCatchUp();
      }
    }
  }

  // The relay's nkey (relay.nk) signs each event too: enrolled by `relay -- enrol --relay`, stations believe it.
  const signer = options.nats.seedFile
    ? stationKeyFromSeed(readFileSync(options.nats.seedFile, 'utf8').trim())
    : undefined;

  async function publish(message: Parameters<typeof publishServiceEvent>[1]) {
    const conn = nc;
    if (!conn) throw new Error('NATS is not connected');
    const ack = await stream.publishing(() => publishServiceEvent(conn, message, signer));
    catchUp?.published();
    return { duplicate: ack.duplicate };
  }

  /** What the relay missed while it or NATS was away, asked of the service and published; logged, never thrown. */
  async function runCatchUp() {
    if (!catchUp) return;
    try {
      const result = await catchUp.run();
      if (result.since !== null) log({ at: now().toISOString(), msg: 'caught up', ...result });
    } catch (error) {
      // Still owed (JetStream not ready yet after NATS returned, the service away): tried again in 5 s, and at the
      // next reconnection.
      log({ at: now().toISOString(), msg: 'catch-up failed', error: error instanceof Error ? error.message : '' });
      if (server !== null) {
        catchUpRetry = setTimeout(() => void runCatchUp(), CATCH_UP_RETRY_MS);
        catchUpRetry.unref?.();
      }
    }
  }

  /** Healthy: NATS connected, the stream there (asked now) and the signing secret held. */
  const health = async () => {
    const presence = natsUp ? await stream.check() : 'unknown';
    const ok = natsUp && presence === 'present' && secret !== null;
    return { ok, body: healthBody(ok, presence) };
  };
  const healthBody = (ok: boolean, presence: string) => ({
    status: ok ? 'ok' : 'degraded',
    nats: natsUp ? 'connected' : 'disconnected',
    stream: presence,
    stream_recreated: stream.recreated(),
    signing_secret: secret !== null ? 'present' : 'missing',
    since: startedAt.toISOString(),
    ...counts,
  });

  const minuteLine = () =>
    log({
      at: now().toISOString(),
      msg: 'relay counts',
      nats: natsUp ? 'connected' : 'disconnected',
      stream: stream.presence(),
      ...counts,
      watching: watch?.watching().length ?? 0,
      orderReads: watch?.reads() ?? 0,
    });

  return {
    counts: () => ({ ...counts, refused: { ...counts.refused } }),
    async start() {
      nc = await connectNats(options.nats, 'events-relay');
      natsUp = true;
      void watchStatus(nc);
      await stream.ready();
      const candidate = createServer({ requestTimeout: 10_000, headersTimeout: 5_000 }, (req, res) => {
        handleRelayRequest(req, res, {
          hosts: () => hosts,
          secret: () => secret,
          publish,
          health,
          counts,
          now,
        }).catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
          else res.destroy();
        });
      });
      await new Promise<void>((resolve, reject) => {
        candidate.once('error', reject);
        candidate.listen(options.port, '127.0.0.1', () => resolve());
      });
      server = candidate;
      const port = (candidate.address() as AddressInfo).port;
      const loopbackUrl = `http://127.0.0.1:${port}${RELAY_WEBHOOK_PATH}`;
      const url = options.publicUrl ?? loopbackUrl;
      hosts = loopbackHosts(port, ['127.0.0.1', 'localhost'], options.publicUrl ? [new URL(url).host] : []);
      if (options.service) {
        const outcome = await subscribeRelay(options.service, url, secret !== null);
        if (outcome.newSecret !== null) {
          writeSecret(options.stateDir, outcome.newSecret);
          secret = outcome.newSecret;
        }
        log({ at: now().toISOString(), msg: 'subscription ready', subscription: outcome.subscription });
        watch = createOrderWatch({
          session: createServiceSession(options.service),
          publish,
          now: () => now().getTime(),
          ...(options.watchIntervalMs !== undefined ? { intervalMs: options.watchIntervalMs } : {}),
          ...(options.pharmacyKey ? { enrolments: createEnrolments(options.pharmacyKey) } : {}),
        });
        await watch.start(nc);
        catchUp = createCatchUp({
          stateDir: options.stateDir,
          session: createServiceSession(options.service),
          publish,
          now: () => now().getTime(),
        });
        void runCatchUp();
      }
      timer = setInterval(minuteLine, options.logIntervalMs ?? 60_000);
      timer.unref?.();
      streamTimer = setInterval(() => void stream.check(), options.streamCheckMs ?? 10_000);
      streamTimer.unref?.();
      stopHeartbeat = startHeartbeat(() => (natsUp ? nc : null), now);
      log({ at: now().toISOString(), msg: 'relay listening', url: loopbackUrl });
      return { port, url };
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (streamTimer) clearInterval(streamTimer);
      stopHeartbeat();
      watch?.stop();
      if (catchUpRetry) clearTimeout(catchUpRetry);
      catchUp?.flush();
      const running = server;
      server = null;
      if (running) {
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          running.closeAllConnections();
        });
      }
      await nc?.close();
      nc = null;
    },
  };
}

function readSecret(dir: string): string | null {
  try {
    const text = readFileSync(join(dir, SECRET_FILE), 'utf8').trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

function writeSecret(dir: string, value: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, SECRET_FILE);
  writeFileSync(`${target}.tmp`, value, { mode: 0o600 });
  chmodSync(`${target}.tmp`, 0o600);
  renameSync(`${target}.tmp`, target);
}
