// A browser shell on a temp data folder (real station, real training process) and a raw HTTP client that can send any
// Host, Origin or token the way a hostile page or process could.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createMemorySecretStore } from '../../../../main/service/session/index.ts';
import { type LaunchedShell, launchBrowserShell } from '../../../../main/shells/browser/launch.ts';

export interface ShellRig {
  app: LaunchedShell;
  port: number;
  /** This run's page session (`name=value`), got by opening a one-time address as a browser would. */
  cookie: string;
  rendererDir: string;
  lines: string[];
  close(): Promise<void>;
}

export async function startShellRig(): Promise<ShellRig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'station-browser-'));
  // The build folder inside a folder of its own, so a test can put a file just outside it.
  const rendererRoot = await mkdtemp(join(tmpdir(), 'station-renderer-'));
  const rendererDir = join(rendererRoot, 'renderer');
  await mkdir(rendererDir);
  const lines: string[] = [];
  const secrets = createMemorySecretStore();
  const app = await launchBrowserShell({
    dataDir,
    version: '0.0.0-test',
    listenerPort: 0,
    rendererDir,
    openSecrets: async () => secrets,
    log: createLogger({ scope: 'station', level: 'debug', write: (line) => lines.push(line) }),
  });
  const opened = await send(app.shell.port, { path: new URL(app.shell.url).pathname + new URL(app.shell.url).search });
  const cookie = String(opened.headers['set-cookie']?.[0] ?? '').split(';')[0] as string;
  return {
    app,
    port: app.shell.port,
    cookie,
    rendererDir,
    lines,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(rendererRoot, { recursive: true, force: true });
    },
  };
}

/** A bridge answer as it came: `{ ok, value }` or `{ ok: false, error }` (or another body a hostile request got). */
export interface BridgeAnswer {
  ok?: boolean;
  value?: Record<string, unknown> & { id?: string };
  error?: { code?: string; message?: string; details?: unknown };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body as JSON: the bridge answers an IpcResult, read here by the fields the tests check. */
  json(): BridgeAnswer;
}

/** One request with exactly these headers (Host defaults to the shell's own). */
export function send(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string | number>; body?: string | Buffer },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { host: `127.0.0.1:${port}`, ...options.headers };
    if (options.body !== undefined && headers['content-length'] === undefined) {
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** A call the way the page's bridge makes it. */
export function invoke(rig: ShellRig, channel: string, input?: unknown, headers: Record<string, string> = {}) {
  return send(rig.port, {
    method: 'POST',
    path: `/bridge/invoke/${channel}`,
    headers: {
      'content-type': 'application/json',
      cookie: rig.cookie,
      origin: `http://127.0.0.1:${rig.port}`,
      ...headers,
    },
    body: JSON.stringify({ input }),
  });
}
