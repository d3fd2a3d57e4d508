// A permissive service: the training service behind a loopback proxy that sends every call (but signing in, renewing
// and asking who one is) with an admin's token, so the service refuses nothing a role could refuse. A station on it
// shows which rules main holds itself: whatever main lets through here, nothing else would stop.
import type { ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startChild } from '../../bench/lib/child.ts';
import { ADMIN, PASSWORD } from './harness.ts';

const root = join(import.meta.dirname, '../../..');

export interface PermissiveService {
  url: string;
  /** Stops answering (connections refused) until `resume`; the training service keeps its data. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

async function adminToken(trainingUrl: string): Promise<string> {
  const answer = await fetch(`${trainingUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`the training service did not sign the admin in (${answer.status})`);
  return body.access_token;
}

function proxy(trainingUrl: string, token: string): Server {
  const target = new URL(trainingUrl);
  return createServer((incoming, outgoing) => {
    const own = incoming.url?.startsWith('/api/v1/auth/') === true;
    const headers = { ...incoming.headers, host: target.host };
    if (!own && headers.authorization) headers.authorization = `Bearer ${token}`;
    const forwarded = request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
}

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const shut = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startPermissiveService(orders = 30): Promise<PermissiveService> {
  const training: { url: string; child: ChildProcess } = await startChild(
    [
      join(root, 'training/cli.ts'),
      '--port',
      '0',
      '--db',
      ':memory:',
      '--orders',
      String(orders),
      '--paused',
      '--quiet',
    ],
    /training service listening on (http:\/\/\S+)/,
  );
  const token = await adminToken(training.url);
  let server = proxy(training.url, token);
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    pause: () => shut(server),
    async resume() {
      server = proxy(training.url, token);
      await listen(server, port);
    },
    async close() {
      await shut(server).catch(() => {});
      training.child.kill('SIGTERM');
    },
  };
}
