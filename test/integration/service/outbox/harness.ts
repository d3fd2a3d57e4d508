// An outbox on a fresh data folder, replaying through a flaky proxy into a real training service over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createServiceClient } from '../../../../main/service/client/index.ts';
import {
  createOutbox,
  type Outbox,
  type OutboxOptions,
  outboxOperations,
  type TasksClient,
} from '../../../../main/service/outbox/index.ts';
import { type Harness, startHarness } from '../../training/harness.ts';
import { type FlakyProxy, startFlakyProxy } from './flaky-proxy.ts';

export interface OutboxRig {
  service: Harness;
  proxy: FlakyProxy;
  dataDir: string;
  /** The client the outbox gets; `signedIn = false` makes the outbox see no client (nobody signed in). */
  client: TasksClient;
  signedIn: boolean;
  /** Every log line the outboxes of this rig wrote. */
  logLines: string[];
  /** A new outbox on the rig's data folder (a restart, when the previous one was closed). */
  open(overrides?: Partial<OutboxOptions>): Outbox;
  close(): Promise<void>;
}

export async function startRig(): Promise<OutboxRig> {
  const service = await startHarness();
  const proxy = await startFlakyProxy(service.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
  const logLines: string[] = [];
  const opened: Outbox[] = [];
  const rig: OutboxRig = {
    service,
    proxy,
    dataDir,
    // One send per call: the outbox's own backoff is what these tests watch, not the client's inner retries.
    client: createServiceClient(outboxOperations, {
      baseUrl: proxy.url,
      tokens: {
        accessToken: () => service.tokens.admin,
        refreshToken: () => null,
        refresh: async () => {
          throw new Error('the outbox tests never refresh');
        },
      },
      retry: { maxAttempts: 1 },
      timeoutMs: 5_000,
    }),
    signedIn: true,
    logLines,
    open(overrides = {}) {
      const outbox = createOutbox({
        dataDir,
        client: () => (rig.signedIn ? rig.client : null),
        log: createLogger({ scope: 'outbox', level: 'debug', write: (line) => logLines.push(line) }),
        backoff: { baseMs: 20, maxMs: 200 },
        idlePollMs: 100,
        ...overrides,
      });
      opened.push(outbox);
      return outbox;
    },
    async close() {
      for (const outbox of opened) await outbox.close();
      await proxy.close();
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return rig;
}

/** Waits until `check` holds, looking every 10 ms; fails with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A task create body with a recognisable name. */
export function newTask(name: string, extra: Record<string, unknown> = {}) {
  return { name, category_code: 'T06', description: 'v0', ...extra };
}
