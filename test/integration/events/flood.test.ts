// The listener trial: 10,000 bad deliveries of every kind mixed with 1,000 good ones (30% duplicates) — no
// notification from a bad one, every good event notified exactly once, and the listener still answers afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounded, delivery, goodHeaders, type RawRequest, type Rig, SECRET, send, startRig } from './rig.ts';

let rig: Rig;
beforeAll(async () => {
  rig = await startRig({ coalesceMs: 200 });
});
afterAll(() => rig.close());

interface Planned {
  request: RawRequest;
  /** The statuses this request may get. */
  expect: number[];
  kind: string;
  /** The event key a good delivery stands for. */
  key?: string;
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function plan(port: number): { requests: Planned[]; badIds: Set<string>; goodKeys: Map<string, string> } {
  const good = goodHeaders(port);
  const json = (body: unknown) => JSON.stringify(body);
  const badIds = new Set<string>();
  const bad = (code = 'order.shipped') => {
    const d = delivery(code);
    badIds.add(d.data.id);
    return d;
  };
  const { authorization: _, ...unsigned } = good;
  const kinds: [string, number[], () => RawRequest][] = [
    [
      'wrong secret',
      [401],
      () => ({ headers: { ...good, authorization: 'Bearer whsec_wrong_0123456789' }, body: json(bad()) }),
    ],
    [
      'almost the secret',
      [401],
      () => ({ headers: { ...good, authorization: `Bearer ${SECRET.slice(0, -1)}` }, body: json(bad()) }),
    ],
    ['no secret', [401], () => ({ headers: unsigned, body: json(bad()) })],
    ['wrong Host', [403], () => ({ headers: { ...good, host: 'rebind.example:80' }, body: json(bad()) })],
    ['an Origin header', [403], () => ({ headers: { ...good, origin: 'https://evil.example' }, body: json(bad()) })],
    ['oversize, declared', [413], () => ({ headers: good, body: json(bad('order.created')).padEnd(70_000, ' ') })],
    [
      'oversize, chunked',
      [413],
      () => ({ headers: good, body: json(bad('order.created')).padEnd(70_000, ' '), chunked: true }),
    ],
    ['malformed JSON', [400], () => ({ headers: good, body: json(bad()).slice(0, -2) })],
    [
      'not a delivery',
      [422],
      () => {
        const d = bad();
        return { headers: good, body: json({ event_code: d.event_code, data: { id: d.data.id } }) };
      },
    ],
    ['wrong content type', [415], () => ({ headers: { ...good, 'content-type': 'text/plain' }, body: json(bad()) })],
  ];
  const requests: Planned[] = [];
  for (const [kind, statuses, make] of kinds) {
    for (let i = 0; i < 1000; i++) requests.push({ kind, expect: statuses, request: make() });
  }
  // 700 distinct good events of every code, and 300 repeats of them: 1,000 good deliveries.
  const codes = ['order.created', 'order.shipped', 'order.delivered', 'order.stuck', 'prescription.cancelled'];
  const next = random(20_260_301);
  const unique: Planned[] = [];
  const goodKeys = new Map<string, string>();
  for (let i = 0; i < 700; i++) {
    const code = codes[i % codes.length] as string;
    const d = delivery(code);
    const key = code === 'order.stuck' ? undefined : `${code}:${d.data.id}`;
    const planned: Planned = { kind: 'good', expect: [204], request: { headers: good, body: json(d) } };
    if (key) planned.key = key;
    unique.push(planned);
    goodKeys.set(d.data.id, code);
  }
  const repeats = Array.from({ length: 300 }, () => unique[Math.floor(next() * unique.length)] as Planned);
  requests.push(...unique, ...repeats.map((p) => ({ ...p, kind: 'good (repeat)' })));
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [requests[i], requests[j]] = [requests[j] as Planned, requests[i] as Planned];
  }
  return { requests, badIds, goodKeys };
}

describe('a flood of 10,000 bad deliveries mixed with 1,000 good ones', () => {
  it('notifies each good order event exactly once, nothing from the bad ones, and still answers', async () => {
    const { requests, badIds, goodKeys } = plan(rig.port);
    expect(requests.filter((r) => r.kind.startsWith('good'))).toHaveLength(1000);
    expect(requests.length).toBe(11_000);

    const answers = await bounded(requests.length, 32, (i) => send(rig.port, (requests[i] as Planned).request));
    const wrong = requests
      .map((r, i) => ({ kind: r.kind, expected: r.expect, got: answers[i]?.status }))
      .filter((r) => !r.expected.includes(r.got ?? -1));
    expect(wrong.slice(0, 5)).toEqual([]);
    rig.notifier.flush();

    // Nothing from a bad delivery reached the inbox, the subscribers or a notification.
    expect(rig.events.filter((e) => badIds.has(e.subjectId))).toEqual([]);
    const notifiedKeys = rig.notifications.flatMap((n) => n.eventKeys);
    expect(notifiedKeys.filter((key) => badIds.has(key.split(':')[1] as string))).toEqual([]);
    expect(rig.inbox.stats().events).toBe(700);

    // Every good event reached the subscribers once, and each order event is behind exactly one notification.
    const eventsById = new Map<string, number>();
    for (const e of rig.events) eventsById.set(e.subjectId, (eventsById.get(e.subjectId) ?? 0) + 1);
    expect(eventsById.size).toBe(700);
    expect([...eventsById.values()].every((n) => n === 1)).toBe(true);
    const perKey = new Map<string, number>();
    for (const key of notifiedKeys) perKey.set(key, (perKey.get(key) ?? 0) + 1);
    const orderEvents = rig.events.filter((e) => e.eventCode.startsWith('order.'));
    expect(orderEvents).toHaveLength(560);
    for (const e of orderEvents) expect(perKey.get(e.key), e.key).toBe(1);
    expect(perKey.size).toBe(560);
    expect([...goodKeys.values()].filter((code) => code === 'prescription.cancelled')).toHaveLength(140);
    // Coalesced: far fewer notifications than events, and their counts add up.
    expect(rig.notifications.reduce((sum, n) => sum + n.count, 0)).toBe(560);
    expect(rig.notifications.length).toBeLessThan(560);

    const stats = rig.inbox.stats();
    expect(stats.events).toBe(700);
    expect(stats.duplicates).toBe(300);

    // Still answering: a final genuine delivery goes through and notifies.
    const last = delivery('order.shipped');
    expect((await send(rig.port, { headers: goodHeaders(rig.port), body: JSON.stringify(last) })).status).toBe(204);
    rig.notifier.flush();
    expect(rig.notifications.at(-1)?.eventKeys).toEqual([`order.shipped:${last.data.id}`]);
    expect(rig.logLines.join('\n')).not.toContain(SECRET);
  }, 90_000);
});
