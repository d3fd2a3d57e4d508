// What every request meets before any handler: routing, body limits, JSON, strict validation, loopback-only, roles.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** A raw request with headers fetch would not let a test set (Host, Origin). */
function rawRequest(path: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const url = new URL(h.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the training service pipeline', () => {
  it('answers an unknown path with a 404 in the one error shape', async () => {
    const res = await h.api('GET', '/api/v1/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: expect.stringContaining('/api/v1/nowhere') });
  });

  it('answers a known path with the wrong method with a 405 that names the allowed ones', async () => {
    const res = await h.api('DELETE', '/api/v1/orders');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('refuses a body over 1 MiB with a 413 and stores nothing', async () => {
    const before = h.service.db.get<{ n: number }>('SELECT count(*) n FROM tasks')?.n;
    const res = await h.api('POST', '/api/v1/tasks', {
      rawBody: JSON.stringify({ name: 'x'.repeat(1_100_000), category_code: 'T01' }),
    });
    expect(res.status).toBe(413);
    expect(h.service.db.get<{ n: number }>('SELECT count(*) n FROM tasks')?.n).toBe(before);
  });

  it('refuses malformed JSON and a body that is not JSON', async () => {
    expect((await h.api('POST', '/api/v1/tasks', { rawBody: '{"name":' })).status).toBe(400);
    const notJson = await h.api('POST', '/api/v1/tasks', {
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
  });

  it('refuses unknown body fields and unknown query parameters, naming the field', async () => {
    const body = await h.api('POST', '/api/v1/tasks', {
      body: { name: 'A task', category_code: 'T01', colour: 'red' },
    });
    expect(body.status).toBe(400);
    expect(JSON.stringify(body.body.details)).toContain('colour');
    const query = await h.api('GET', '/api/v1/orders?colour=red');
    expect(query.status).toBe(400);
  });

  it('clamps page_size above 200 and answers every pagination header', async () => {
    const res = await h.api('GET', '/api/v1/tasks?page_size=500');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-size')).toBe('200');
    for (const header of ['x-total-count', 'x-page', 'x-total-pages', 'x-remaining-count']) {
      expect(res.headers.get(header)).toMatch(/^\d+$/);
    }
  });

  it('answers only loopback hosts and never a browser page', async () => {
    const token = h.tokens.admin;
    const rebound = await rawRequest('/api/v1/auth/verify', { host: 'evil.example', authorization: `Bearer ${token}` });
    expect(rebound.status).toBe(403);
    const page = await rawRequest('/api/v1/auth/verify', {
      host: '127.0.0.1',
      origin: 'https://evil.example',
      authorization: `Bearer ${token}`,
    });
    expect(page.status).toBe(403);
    const own = await rawRequest('/api/v1/auth/verify', { host: 'localhost', authorization: `Bearer ${token}` });
    expect(own.status).toBe(200);
  });

  it('never echoes a token in an error', async () => {
    const res = await h.api('GET', '/api/v1/auth/verify', { token: `${h.tokens.admin}x` });
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain(h.tokens.admin.slice(20));
  });

  it('keeps pharmacist-only operations from technicians with a 403 that says why', async () => {
    const order = h.service.db.get<{ id: string }>('SELECT id FROM orders LIMIT 1');
    const res = await h.api('PUT', `/api/v1/orders/${order?.id ?? '00000000-0000-4000-8000-000000000000'}/unpause`, {
      as: 'technician',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/admin or pharmacist/);
  });
});
