// The pharmacy's link from the machine policy: the station's name from IT's pattern, the relay settings in force and
// locked, and which policy setting demands TLS (named when a plaintext server is refused).
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../contract/ipc/settings.ts';
import { LINK_NAME } from '../../../../contract/pharmacy-link.ts';
import { applyPolicy, describePolicy, lockedChanges } from '../../../../main/platform/policy/policy-locks.ts';
import { machinePolicySchema } from '../../../../main/platform/policy/policy-schema.ts';
import {
  policyRelay,
  policyTlsRequirement,
  stationNameFromPattern,
} from '../../../../main/platform/policy/relay-link.ts';

const loaded = (policy: object) => ({ file: '/etc/fulfillment-station/policy.json', policy, ignoredFields: [] });

describe("the station's name on the link from IT's pattern", () => {
  it('puts the computer name in the pattern, lower-cased, as a name the link carries', () => {
    expect(stationNameFromPattern('pharmacy-{hostname}', 'WS-12.pharmacy.lan')).toBe('pharmacy-ws-12');
    expect(stationNameFromPattern('bench-2', 'anything')).toBe('bench-2');
    for (const host of ['Büro PC', '__x__', '', 'a'.repeat(80)])
      expect(stationNameFromPattern('{hostname}', host)).toMatch(LINK_NAME);
  });

  it('takes a pattern of link characters and {hostname} only', () => {
    expect(machinePolicySchema.safeParse({ eventsRelayStation: 'pharmacy-{hostname}' }).success).toBe(true);
    expect(machinePolicySchema.safeParse({ eventsRelayStation: 'Station 3' }).success).toBe(false);
    expect(machinePolicySchema.safeParse({ eventsRelayCa: 'not a certificate' }).success).toBe(false);
  });
});

describe('the relay settings the policy puts in force', () => {
  const policy = { eventsRelayServers: 'tls://nats.pharmacy.lan:4222', eventsRelayStation: 'pharmacy-{hostname}' };

  it("replaces the station's own relay settings and locks them: shown as set by IT, a change refused", () => {
    const applied = applyPolicy(
      { ...defaultSettings, eventsRelayServers: 'nats://old:4222', eventsRelayName: 'Bench' },
      loaded(policy),
    );
    const relay = policyRelay(policy);
    expect(applied).toMatchObject(relay ?? {});
    expect(relay?.eventsRelayStation).toMatch(/^pharmacy-/);
    expect(describePolicy(loaded(policy)).eventsRelay).toBe(true);
    expect(lockedChanges(loaded(policy), { eventsRelayServers: 'nats://elsewhere:4222' })).toEqual([
      { field: 'eventsRelayServers', message: "is set by your pharmacy's IT" },
    ]);
    expect(lockedChanges(loaded(policy), { eventsRelayName: 'Station 9' }).map((r) => r.field)).toEqual([
      'eventsRelayName',
    ]);
    // Sent as it stands (the form sends every field it shows): nothing refused.
    expect(lockedChanges(loaded(policy), { ...relay })).toEqual([]);
  });

  it("leaves the station's settings alone when the policy names no servers", () => {
    expect(policyRelay({ eventsRelayStation: 'x' })).toBeNull();
    expect(applyPolicy(defaultSettings, loaded({})).eventsRelayServers).toBeNull();
    expect(describePolicy(loaded({})).eventsRelay).toBe(false);
  });
});

describe('which policy setting demands TLS', () => {
  it('the flag, else the CA, else a tls:// server; none of them: none', () => {
    const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    expect(policyTlsRequirement({ eventsRelayTlsRequired: true, eventsRelayCa: ca })).toContain(
      'eventsRelayTlsRequired',
    );
    expect(policyTlsRequirement({ eventsRelayCa: ca })).toContain('eventsRelayCa');
    expect(policyTlsRequirement({ eventsRelayServers: 'nats://a:4222, tls://b:4222' })).toContain('tls://');
    expect(policyTlsRequirement({ eventsRelayServers: 'nats://a:4222', eventsRelayTlsRequired: false })).toBeNull();
  });
});
