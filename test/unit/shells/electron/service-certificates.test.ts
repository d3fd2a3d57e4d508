// A service whose certificate the workstation does not trust: the call fails with a message that names the issuer and
// points to the README section on adding the pharmacy's CA. A real TLS handshake against a certificate made here by a
// throwaway test CA (openssl), through the stand-in session's Chromium-like verification.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServiceFetch, SERVICE_PARTITION } from '../../../../main/shells/electron/service-fetch.ts';
import { electron, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const dir = mkdtempSync(join(tmpdir(), 'station-certs-'));
let server: Server;
let url: string;

/** A test CA ("Pharmacy Test Root CA") and a localhost certificate it signed, valid one day, made fresh each run. */
function makeCertificates() {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '1',
    '-subj',
    '/CN=Pharmacy Test Root CA',
  );
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost\n');
  run(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '1',
    '-extfile',
    'san.ext',
  );
}

beforeAll(async () => {
  resetElectron();
  await electron.app.becomeReady();
  makeCertificates();
  server = createServer(
    { key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.crt')) },
    (_request, response) => response.end('{"ok":true}'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://localhost:${(server.address() as AddressInfo).port}/api/v1/orders`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('a service certificate this computer does not trust', () => {
  it('fails with the issuer’s name and where the README says how to add the pharmacy’s CA', async () => {
    const serviceFetch = createServiceFetch((partition) => electron.session.fromPartition(partition) as never);
    const failure = (await serviceFetch(url).catch((error: unknown) => error)) as TypeError & {
      cause: { code?: string; reason?: string };
    };
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.cause.code).toBe('ERR_CERT_AUTHORITY_INVALID');
    expect(failure.cause.reason).toContain('the certificate of localhost, issued by “Pharmacy Test Root CA”');
    expect(failure.cause.reason).toContain('"Certificates and proxies"');
    // Chromium's own verdict was kept (-3), on the service's own session.
    expect(electron.session.sessions.get(SERVICE_PARTITION)?.verifyProc).not.toBeNull();
  });
});
