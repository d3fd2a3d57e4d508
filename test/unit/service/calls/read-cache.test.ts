// What the station read this session, kept in memory for offline reading: bounded, least recently used first, an
// order found by any name a scan can carry, and gone when cleared (sign-out).
import { describe, expect, it } from 'vitest';
import { createReadCache, readKey } from '../../../../main/service/calls/read-cache.ts';

const order = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  order_number: String(1_000_000 + n),
  external_id: `EXT-${n}`,
  patient: { id: `p-${n}`, first_name: 'Synthetic' },
});
const get = (id: string) => ({ params: { order_id: id } });

describe('the read cache', () => {
  it('finds an order read by its number under its UUID, its number and its external id', () => {
    const cache = createReadCache(undefined, () => 42);
    const one = order(1);
    cache.put('orders.get', get(one.order_number), one, cache.signIn());
    for (const name of [one.id, one.order_number, one.external_id]) {
      expect(cache.order(name)).toEqual({ value: one, at: 42 });
      expect(cache.get('orders.get', get(name))?.value).toBe(one);
    }
    expect(cache.size().entries).toBe(1);
  });

  it('keeps reads by what names them (params and query), whatever the order of their keys', () => {
    const cache = createReadCache();
    cache.put('tasks.list', { query: { page: 1, page_size: 200 } }, [{ id: 't' }], cache.signIn());
    expect(cache.get('tasks.list', { query: { page_size: 200, page: 1 } })?.value).toEqual([{ id: 't' }]);
    expect(cache.get('tasks.list', { query: { page: 2, page_size: 200 } })).toBeNull();
    expect(readKey('tasks.list', { query: { a: undefined, b: 1 } })).toBe(readKey('tasks.list', { query: { b: 1 } }));
  });

  it('keeps only the reads an offline station needs (no search, no reports)', () => {
    const cache = createReadCache();
    cache.put('search.all', { query: { q: 'x' } }, [], cache.signIn());
    cache.put('reports.orders', {}, [], cache.signIn());
    expect(cache.size().entries).toBe(0);
  });

  it('holds at most maxEntries, dropping the least recently used first', () => {
    const cache = createReadCache({ maxEntries: 3, maxChars: 1_000_000 });
    for (const n of [1, 2, 3]) cache.put('orders.get', get(order(n).id), order(n), cache.signIn());
    expect(cache.order(order(1).id)).not.toBeNull(); // 1 is now the most recently used
    cache.put('orders.get', get(order(4).id), order(4), cache.signIn());
    expect(cache.size().entries).toBe(3);
    expect(cache.order(order(2).id)).toBeNull();
    // Its other names went with it.
    expect(cache.order(order(2).order_number)).toBeNull();
    for (const n of [1, 3, 4]) expect(cache.order(order(n).order_number)).not.toBeNull();
  });

  it('holds at most maxChars of JSON, and refuses a single answer larger than that', () => {
    const size = JSON.stringify(order(1)).length;
    const cache = createReadCache({ maxEntries: 100, maxChars: size * 2 + 5 });
    for (const n of [1, 2, 3]) cache.put('orders.get', get(order(n).id), order(n), cache.signIn());
    expect(cache.size().entries).toBe(2);
    expect(cache.size().chars).toBeLessThanOrEqual(size * 2 + 5);
    expect(cache.order(order(1).id)).toBeNull();
    cache.put('tasks.list', {}, 'x'.repeat(size * 3), cache.signIn());
    expect(cache.get('tasks.list', {})).toBeNull();
  });

  it('a newer read of the same order replaces the older one', () => {
    let now = 1;
    const cache = createReadCache(undefined, () => now);
    cache.put('orders.get', get(order(1).id), order(1), cache.signIn());
    now = 2;
    cache.put('orders.get', get(order(1).order_number), { ...order(1), status: 'shipped' }, cache.signIn());
    expect(cache.size().entries).toBe(1);
    expect(cache.order(order(1).external_id)).toMatchObject({ at: 2, value: { status: 'shipped' } });
  });

  it('forgets everything, labels included, when cleared', () => {
    const cache = createReadCache();
    cache.put('orders.get', get(order(1).id), order(1), cache.signIn());
    cache.putLabel('ORDER-x', { type: 'order', id: order(1).id });
    cache.clear();
    expect(cache.order(order(1).order_number)).toBeNull();
    expect(cache.label('ORDER-x')).toBeNull();
    expect(cache.size()).toEqual({ entries: 0, chars: 0 });
  });

  it('does not keep a read that started before the cache was cleared for a change of person', () => {
    const cache = createReadCache();
    const startedIn = cache.signIn();
    cache.clear();
    cache.put('orders.get', get(order(1).id), order(1), startedIn);
    expect(cache.order(order(1).id)).toBeNull();
    cache.put('orders.get', get(order(1).id), order(1), cache.signIn());
    expect(cache.order(order(1).id)).not.toBeNull();
  });
});
