// The sample plant interface on the training service: list, add, delete, its own {error, message} body, and the plant webhook.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryLogEntry } from '../../../contract/service/notification-deliveries.ts';
import { TRAINING_PASSWORD } from '../../../training/auth/users.ts';
import { createTrainingService, type TrainingService } from '../../../training/training-service.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const add = (body: unknown, as: 'technician' | null = 'technician') => h.api('POST', '/plants', { body, as });

/** The plant interface's error body: exactly an int32 status and a message. */
function expectPlantError(res: { status: number; body: unknown }, status: number) {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body as object).sort()).toEqual(['error', 'message']);
  expect(res.body).toEqual({ error: status, message: expect.any(String) });
}

describe('the sample plant interface', () => {
  it('adds a plant with 200 and answers it, then lists it', async () => {
    const res = await add({ id: 10, name: 'Fern', tag: 'shade' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 10, name: 'Fern', tag: 'shade' });
    await add({ id: 11, name: 'Cactus' });
    const list = await h.api('GET', '/plants', { as: 'technician' });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: 10, name: 'Fern', tag: 'shade' },
      { id: 11, name: 'Cactus' },
    ]);
  });

  it('answers at most `limit` plants', async () => {
    await add({ id: 12, name: 'Ivy' });
    const res = await h.api('GET', '/plants?limit=2');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
  });

  it('deletes a plant with 204 and no body', async () => {
    await add({ id: 20, name: 'Basil' });
    const res = await h.api('DELETE', '/plants/20', { as: 'technician' });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const list = await h.api('GET', '/plants');
    expect(list.body.some((p: { id: number }) => p.id === 20)).toBe(false);
  });

  it('refuses a duplicate id with 400 {error: 400, message}', async () => {
    await add({ id: 30, name: 'Mint' });
    const res = await add({ id: 30, name: 'Other mint' });
    expectPlantError(res, 400);
    expect(res.body.message).toMatch(/already exists/);
  });

  it('refuses bad input with 400 {error: 400, message}: no name, a string id, an unknown field, a bad limit', async () => {
    expectPlantError(await add({ id: 31 }), 400);
    expectPlantError(await add({ id: 'x', name: 'Sage' }), 400);
    expectPlantError(await add({ id: 32, name: 'Sage', colour: 'green' }), 400);
    expectPlantError(await add({ id: -1, name: 'Sage' }), 400);
    expectPlantError(await h.api('GET', '/plants?limit=abc'), 400);
    expectPlantError(await h.api('GET', '/plants?limit=0'), 400);
  });

  it('answers 400 {error: 400, message} for deleting an unknown id or a non-numeric one', async () => {
    const unknown = await h.api('DELETE', '/plants/999');
    expectPlantError(unknown, 400);
    expect(unknown.body.message).toMatch(/No plant with id 999/);
    expectPlantError(await h.api('DELETE', '/plants/abc'), 400);
  });

  it('needs the bearer access token, refusing with {error: 401, message}', async () => {
    expectPlantError(await h.api('GET', '/plants', { as: null }), 401);
    expectPlantError(await add({ id: 40, name: 'Thyme' }, null), 401);
    expectPlantError(await h.api('DELETE', '/plants/10', { as: null }), 401);
  });

  it('leaves the error body of every other operation as the service usual {error: <code>, message}', async () => {
    const res = await h.api('GET', '/api/v1/patients/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });
});

describe('the plant webhook', () => {
  let service: TrainingService;
  let base: string;
  let receiver: Server;
  const received: { body: unknown; headers: IncomingMessage['headers'] }[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        received.push({ body: JSON.parse(text), headers: req.headers });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    service = await createTrainingService({
      db: ':memory:',
      plantWebhookUrl: `http://127.0.0.1:${port}/plant/webhook`,
    });
    base = await service.listen(0);
  });
  afterAll(async () => {
    await service.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  async function call(method: string, path: string, token: string | null, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  it('POSTs the NewPlant to /plant/webhook when a plant is added, and takes its 200 as delivered', async () => {
    const login = await call('POST', '/api/v1/auth/login', null, {
      email: 'technician@training.local',
      password: TRAINING_PASSWORD,
    });
    const token = login.body.access_token as string;
    const added = await call('POST', '/plants', token, { id: 7, name: 'Rosemary', tag: 'herb' });
    expect(added.status).toBe(200);

    const deadline = Date.now() + 5000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toEqual({ id: 7, name: 'Rosemary', tag: 'herb' });
    expect(received[0]?.headers['content-type']).toMatch(/application\/json/);

    let log: DeliveryLogEntry[] = [];
    while (Date.now() < deadline) {
      log = (await call('GET', '/api/v1/notifications/deliveries?event_code=plant.added', token)).body;
      if (log[0]?.status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      event_code: 'plant.added',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
    });
  });

  it('sends nothing when the add is refused', async () => {
    const login = await call('POST', '/api/v1/auth/login', null, {
      email: 'admin@training.local',
      password: TRAINING_PASSWORD,
    });
    const refused = await call('POST', '/plants', login.body.access_token, { id: 7, name: 'Rosemary again' });
    expect(refused.status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toHaveLength(1);
  });
});
