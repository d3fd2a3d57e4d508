// The client's operations called by their declaration (main's call path holds the operation and input already checked):
// the same call as the typed function, over a real local server, sharing its tokens; an operation the client's table
// does not have never reaches the network.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ordersOperations } from '../../../../contract/service/orders.ts';
import { bindServiceClient, checkedInput } from '../../../../main/service/client/index.ts';
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

describe('calling an operation by its declaration', () => {
  it('sends what the typed call sends, with the same credentials, and answers the read body', async () => {
    const { client, caller } = bound();
    const byName = await caller.call(testTable.things.get, checkedInput({ params: { thing_id: 'thing-1' } }));
    const typed = await client.things.get({ params: { thing_id: 'thing-1' } });
    expect(byName).toEqual(typed);
    expect(server.requests.map((r) => [r.method, r.rawPath, r.headers.authorization])).toEqual([
      ['GET', '/api/v1/things/thing-1', 'Bearer access-token-current-1'],
      ['GET', '/api/v1/things/thing-1', 'Bearer access-token-current-1'],
    ]);
  });

  it('refuses an operation its table does not have before anything is sent', async () => {
    await expect(bound().caller.call(ordersOperations.get, {})).rejects.toThrow(
      'the client has no operation orders.get',
    );
    expect(server.requests).toHaveLength(0);
  });
});
