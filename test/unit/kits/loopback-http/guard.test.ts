// The loopback HTTP kit's Host/Origin guard against the five rules it replaced, copied here as they were before the
// kit (the bridge's Host and Origin, the listener's Host and "no Origin", the training service's Host pattern and
// "no Origin"): on hostile headers fast-check generates, each call of the one function answers as the old rule did.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANY_LOOPBACK_PORT,
  hostAllowed,
  type LoopbackRule,
  loopbackRefusal,
  NO_ORIGINS,
} from '../../../../kits/loopback-http/guard.ts';
import { allowedHosts as listenerHosts } from '../../../../main/events/guard.ts';
import { bridgeGuard } from '../../../../main/shells/browser/guard.ts';

const PORT = 8123;
const TUNNEL = 'https://Station-7.Tunnel.example:8443/webhooks/fulfillment';

// The former rules, verbatim in substance (main/shells/browser/guard.ts, main/events/guard.ts, training/http/server.ts).
const former = {
  bridgeHost: (host: string | undefined) =>
    host !== undefined && new Set([`127.0.0.1:${PORT}`, `localhost:${PORT}`]).has(host.trim().toLowerCase()),
  bridgeOrigin: (origin: string | undefined) =>
    origin === undefined ||
    new Set([`http://127.0.0.1:${PORT}`, `http://localhost:${PORT}`]).has(origin.trim().toLowerCase()),
  listenerHost: (host: string | undefined) =>
    host !== undefined &&
    new Set([`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`, new URL(TUNNEL).host.toLowerCase()]).has(
      host.trim().toLowerCase(),
    ),
  noOrigin: (origin: string | undefined) => origin === undefined,
  // Node trims a header value's surrounding whitespace before any handler sees it; the kit trims, so compare trimmed.
  trainingHost: (host: string | undefined) =>
    /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(?::\d{1,5})?$/i.test(String(host ?? '').trim()),
};

const rules = {
  bridge: bridgeGuard(PORT),
  listener: { hosts: listenerHosts(PORT, TUNNEL), origins: NO_ORIGINS } satisfies LoopbackRule,
  training: { hosts: ANY_LOOPBACK_PORT, origins: NO_ORIGINS } satisfies LoopbackRule,
};

/** Host values a hostile page or process might send: loopback look-alikes, other ports, odd case, junk around them. */
const hostileHost = fc.oneof(
  fc.constant(undefined),
  fc.string(),
  fc
    .record({
      name: fc.constantFrom(
        '127.0.0.1',
        '127.1.2.3',
        '127.0.0.1.evil.example',
        '127.0.0.256',
        '1270.0.0.1',
        'localhost',
        'LOCALHOST',
        'localhost.',
        'localhost.evil.example',
        'evil.example',
        '[::1]',
        '[::ffff:127.0.0.1]',
        '::1',
        'station-7.tunnel.example',
        'Station-7.Tunnel.example',
        '',
      ),
      port: fc.oneof(
        fc.constant(''),
        fc.constant(`:${PORT}`),
        fc.constant(':8443'),
        fc.constant(`:0${PORT}`),
        fc.constant(':'),
        fc.integer({ min: 0, max: 999_999 }).map((n) => `:${n}`),
        fc.string({ maxLength: 6 }).map((s) => `:${s}`),
      ),
      pad: fc.constantFrom('', ' ', '\t', 'x', '@', '/', '#'),
      padAfter: fc.boolean(),
    })
    .map(({ name, port, pad, padAfter }) => (padAfter ? `${name}${port}${pad}` : `${pad}${name}${port}`)),
);

const hostileOrigin = fc.oneof(
  fc.constant(undefined),
  fc.string(),
  fc
    .record({
      scheme: fc.constantFrom('http://', 'https://', 'HTTP://', 'ws://', ''),
      host: fc.constantFrom('127.0.0.1', 'localhost', 'LocalHost', '[::1]', 'evil.example', '127.0.0.1.evil.example'),
      port: fc.constantFrom(`:${PORT}`, ':8124', '', `:${PORT}/`),
      pad: fc.constantFrom('', ' ', '/'),
    })
    .map(({ scheme, host, port, pad }) => `${scheme}${host}${port}${pad}`),
  fc.constantFrom('null', 'file://', `http://127.0.0.1:${PORT}`),
);

describe('the one Host/Origin rule answers as the five it replaced', () => {
  it('for every hostile Host and Origin fast-check makes up', () => {
    fc.assert(
      fc.property(hostileHost, hostileOrigin, (host, origin) => {
        const headers = { host, origin };
        const expected = (hostOk: boolean, originOk: boolean) => (!hostOk ? 'host' : !originOk ? 'origin' : null);
        expect(loopbackRefusal(headers, rules.bridge)).toBe(
          expected(former.bridgeHost(host), former.bridgeOrigin(origin)),
        );
        expect(loopbackRefusal(headers, rules.listener)).toBe(
          expected(former.listenerHost(host), former.noOrigin(origin)),
        );
        expect(loopbackRefusal(headers, rules.training)).toBe(
          expected(former.trainingHost(host), former.noOrigin(origin)),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it('never lets a name outside loopback (or the configured tunnel) through, whatever follows it', () => {
    fc.assert(
      fc.property(fc.domain(), fc.string({ maxLength: 8 }), (domain, rest) => {
        fc.pre(!/^(?:127\.|localhost$)/i.test(domain) && domain.toLowerCase() !== 'station-7.tunnel.example');
        for (const rule of Object.values(rules)) expect(hostAllowed(`${domain}${rest}`, rule.hosts)).toBe(false);
      }),
    );
  });
});

describe('each server’s rule, by example', () => {
  it('the bridge: its port on the two IPv4 loopback names, its own pages or no Origin', () => {
    expect(loopbackRefusal({ host: `LocalHost:${PORT}` }, rules.bridge)).toBeNull();
    expect(loopbackRefusal({ host: `[::1]:${PORT}` }, rules.bridge)).toBe('host');
    expect(loopbackRefusal({ host: `127.0.0.1:${PORT}`, origin: `http://localhost:${PORT}` }, rules.bridge)).toBeNull();
    expect(loopbackRefusal({ host: `127.0.0.1:${PORT}`, origin: 'http://127.0.0.1:8124' }, rules.bridge)).toBe(
      'origin',
    );
    // The Host check comes first: a rebinding page is told about its Host, never about the Origin.
    expect(loopbackRefusal({ host: `evil.example:${PORT}`, origin: 'https://evil.example' }, rules.bridge)).toBe(
      'host',
    );
  });

  it('the listener: three loopback names with its port, the tunnel’s host, and no Origin at all', () => {
    expect(loopbackRefusal({ host: `[::1]:${PORT}` }, rules.listener)).toBeNull();
    expect(loopbackRefusal({ host: 'station-7.tunnel.example:8443' }, rules.listener)).toBeNull();
    expect(loopbackRefusal({ host: '127.0.0.1' }, rules.listener)).toBe('host');
    expect(loopbackRefusal({ host: `127.0.0.1:${PORT}`, origin: `http://127.0.0.1:${PORT}` }, rules.listener)).toBe(
      'origin',
    );
  });

  it('the training service: any 127.x address, localhost or [::1], on any port or none, and no Origin', () => {
    for (const host of ['127.0.0.1', '127.9.9.9:1', 'LOCALHOST:65535', '[::1]:3000', '[::1]']) {
      expect(loopbackRefusal({ host }, rules.training)).toBeNull();
    }
    for (const host of [undefined, '', 'evil.example', '127.0.0.1:123456', '[::1]x', '128.0.0.1', 'localhost:']) {
      expect(loopbackRefusal({ host }, rules.training)).toBe('host');
    }
    expect(loopbackRefusal({ host: 'localhost', origin: 'null' }, rules.training)).toBe('origin');
  });
});
