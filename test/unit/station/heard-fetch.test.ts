// Every service request the station makes tells connectivity what it heard: an answer of any status, or no connection;
// a request aborted on purpose says nothing. Real HTTP on loopback.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeardFetch, type Heard } from '../../../main/service/connectivity/heard-fetch.ts';

let url = '';
const server = createServer((req, res) => {
  if (req.url === '/hang') return;
  res.writeHead(req.url === '/missing' ? 404 : 200).end('ok');
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('what a service request heard', () => {
  it('an answer, even a 404, tells that the service is reachable', async () => {
    const heard = createHeardFetch();
    const told: Heard[] = [];
    heard.listen((outcome) => told.push(outcome));
    expect((await heard.fetch(`${url}/`)).status).toBe(200);
    expect((await heard.fetch(`${url}/missing`)).status).toBe(404);
    expect(told).toEqual([{ answered: true }, { answered: true }]);
  });

  it('a refused connection tells that it is not, and the caller still gets the failure', async () => {
    const heard = createHeardFetch();
    const told: Heard[] = [];
    heard.listen((outcome) => told.push(outcome));
    await expect(heard.fetch('http://127.0.0.1:1/')).rejects.toThrow();
    expect(told).toEqual([{ answered: false }]);
  });

  it('a request the caller aborted says nothing, and a listener that stopped listening hears nothing', async () => {
    const heard = createHeardFetch();
    const told: Heard[] = [];
    const stop = heard.listen((outcome) => told.push(outcome));
    const controller = new AbortController();
    const pending = heard.fetch(`${url}/hang`, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    stop();
    await heard.fetch(`${url}/`);
    expect(told).toEqual([]);
  });
});
