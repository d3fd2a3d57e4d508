// What the settings accept and refuse: the service URL, the listener port, the tunnel URL, the idle lock.
import { describe, expect, it } from 'vitest';
import {
  customBaseUrl,
  defaultSettings,
  isLoopbackHost,
  settingsSchema,
} from '../../../../main/service/settings/index.ts';
import { settingsIssues } from '../../../../main/service/settings/schema.ts';

function check(patch: Record<string, unknown>) {
  const parsed = settingsSchema.safeParse({ ...defaultSettings, ...patch });
  return parsed.success
    ? { ok: true as const, value: parsed.data }
    : { ok: false as const, issues: settingsIssues(parsed.error) };
}

describe('settings schema', () => {
  it('a fresh install uses the training service, listener port 4319, no tunnel, a 10-minute idle lock and 32 MiB answers', () => {
    expect(settingsSchema.parse(defaultSettings)).toEqual({
      backend: 'training',
      baseUrl: null,
      listenerPort: 4319,
      publicWebhookUrl: null,
      // No pharmacy relay: the station listens and polls on its own until IT gives it one.
      eventsRelayServers: null,
      eventsRelayStation: null,
      eventsRelayName: null,
      idleLockMinutes: 10,
      scannerPrefix: null,
      scannerSuffix: null,
      serviceAnswerLimitMiB: 32,
      // No pharmacy yet: prescription labels refuse to print until an admin sets it (main/work/print/print-gate.ts).
      pharmacyName: null,
      pharmacyAddress: null,
      pharmacyPhone: null,
      // No licensed states yet: an order's ship-to state is not held against them until an admin lists them.
      licensedStates: [],
      labelStock: '4x2.5',
      printers: { prescription_label: null, packing_slip: null, lot_label: null, staff_badge: null },
    });
    expect(customBaseUrl(defaultSettings)).toBeNull();
  });

  it('a custom service needs an https URL, stored without a trailing slash', () => {
    const result = check({ backend: 'custom', baseUrl: ' https://pharmacy.example/api/ ' });
    expect(result).toMatchObject({ ok: true, value: { baseUrl: 'https://pharmacy.example/api' } });
    if (result.ok) expect(customBaseUrl(result.value)).toBe('https://pharmacy.example/api');
  });

  it('plain http is allowed only for a service on this computer', () => {
    for (const url of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010', 'http://127.1.2.3']) {
      expect(check({ backend: 'custom', baseUrl: url }).ok, url).toBe(true);
    }
    const refused = check({ backend: 'custom', baseUrl: 'http://pharmacy.example' });
    expect(refused).toMatchObject({
      ok: false,
      issues: [{ field: 'baseUrl', message: expect.stringMatching(/https/) }],
    });
  });

  it('refuses URLs with a password, a query, another scheme, or no URL at all, naming the field', () => {
    for (const url of [
      'https://user:pw@pharmacy.example',
      'https://pharmacy.example/?a=1',
      'ftp://x.example',
      'pharmacy',
    ]) {
      const result = check({ backend: 'custom', baseUrl: url });
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(result.issues[0]?.field).toBe('baseUrl');
    }
  });

  it('a custom backend without a URL is refused; training keeps a remembered URL for switching back', () => {
    expect(check({ backend: 'custom', baseUrl: null })).toMatchObject({
      ok: false,
      issues: [{ field: 'baseUrl', message: 'is needed when backend is "custom"' }],
    });
    expect(check({ backend: 'training', baseUrl: 'https://pharmacy.example' }).ok).toBe(true);
  });

  it('the listener port is a whole number from 1024 to 65535', () => {
    for (const port of [1024, 4319, 65535]) expect(check({ listenerPort: port }).ok).toBe(true);
    for (const port of [80, 1023, 65536, 4319.5, '4319', null]) {
      expect(check({ listenerPort: port })).toMatchObject({
        ok: false,
        issues: [{ field: 'listenerPort', message: 'must be a whole number from 1024 to 65535' }],
      });
    }
  });

  it('the idle lock is 1 to 240 minutes', () => {
    expect(check({ idleLockMinutes: 1 }).ok).toBe(true);
    expect(check({ idleLockMinutes: 240 }).ok).toBe(true);
    expect(check({ idleLockMinutes: 0 })).toMatchObject({ ok: false, issues: [{ field: 'idleLockMinutes' }] });
    expect(check({ idleLockMinutes: 241 })).toMatchObject({ ok: false, issues: [{ field: 'idleLockMinutes' }] });
  });

  it('the public webhook URL must be https, even on loopback', () => {
    expect(check({ publicWebhookUrl: 'https://tunnel.example/hooks' }).ok).toBe(true);
    expect(check({ publicWebhookUrl: 'http://127.0.0.1:4319/hooks' })).toMatchObject({
      ok: false,
      issues: [{ field: 'publicWebhookUrl', message: 'must use https://' }],
    });
  });

  it('a scanner prefix or suffix is 1 to 8 visible characters, or none', () => {
    expect(check({ scannerPrefix: '§', scannerSuffix: ']E0' })).toMatchObject({
      ok: true,
      value: { scannerPrefix: '§', scannerSuffix: ']E0' },
    });
    expect(check({ scannerPrefix: null }).ok).toBe(true);
    for (const bad of ['', ' ', 'a b', 'ABCDEFGHI', '\t', '\u0002']) {
      expect(check({ scannerPrefix: bad }), JSON.stringify(bad)).toMatchObject({
        ok: false,
        issues: [{ field: 'scannerPrefix' }],
      });
    }
  });

  it('an unknown setting is refused by name', () => {
    expect(check({ theme: 'dark' })).toMatchObject({
      ok: false,
      issues: [{ field: 'theme', message: 'is not a setting' }],
    });
  });

  it('knows which host names stay on this computer', () => {
    expect(['localhost', '127.0.0.1', '[::1]', 'station.localhost'].every(isLoopbackHost)).toBe(true);
    expect(['pharmacy.example', '10.0.0.1', '128.0.0.1', 'localhost.example'].some(isLoopbackHost)).toBe(false);
  });

  it('the pharmacy relay is nats:// or tls:// servers and a plain station id, or nothing', () => {
    expect(check({ eventsRelayServers: 'nats://10.0.0.5:4222, tls://nats-2.pharmacy.lan:4222' })).toMatchObject({
      ok: true,
    });
    for (const bad of ['http://x:4222', 'nats://x:4222;rm -rf', 'nats://user:pw@x:4222', '']) {
      expect(check({ eventsRelayServers: bad }).ok, bad).toBe(false);
    }
    expect(check({ eventsRelayStation: 'station-3' }).ok).toBe(true);
    expect(check({ eventsRelayStation: 'station 3' }).ok).toBe(false);
    expect(check({ eventsRelayStation: '../x' }).ok).toBe(false);
  });
});
