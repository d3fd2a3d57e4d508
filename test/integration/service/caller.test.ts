// The client's operations by name (main's dispatcher holds a name and input it already checked): the same call as
// the typed function, over a real local server, sharing its tokens; an unknown name never reaches the network.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindServiceClient, checkedInput } from '../../../main/service/index.ts';
import { memoryTokens, testTable } from './fixtures.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.handle(() => ({ json: { id: 'thing-1', name: 'Amoxicillin 500 mg' } }));
});

const bound = () =>
  bindServiceClient(testTable, { baseUrl: server.url, tokens: memoryTokens('access-token-current-1') });

describe('calling an operation by its name', () => {
  it('sends what the typed call sends, with the same credentials, and answers the read body', async () => {
    const { client, caller } = bound();
    const byName = await caller.call('things.get', checkedInput({ params: { thing_id: 'thing-1' } }));
    const typed = await client.things.get({ params: { thing_id: 'thing-1' } });
    expect(byName).toEqual(typed);
    expect(server.requests.map((r) => [r.method, r.rawPath, r.headers.authorization])).toEqual([
      ['GET', '/api/v1/things/thing-1', 'Bearer access-token-current-1'],
      ['GET', '/api/v1/things/thing-1', 'Bearer access-token-current-1'],
    ]);
  });

  it('knows each operation of its table by name, and no other', () => {
    const { caller } = bound();
    expect(caller.operation('things.get')).toBe(testTable.things.get);
    expect(caller.operation('things.nothing')).toBeUndefined();
    expect(caller.operation('toString')).toBeUndefined();
  });

  it('refuses a name its table does not have before anything is sent', async () => {
    await expect(bound().caller.call('orders.get', {})).rejects.toThrow('the client has no operation orders.get');
    expect(server.requests).toHaveLength(0);
  });
});
