// The pharmacy's link as the machine policy sets it up (issue #35): the NATS servers, the pharmacy's CA, whether TLS
// is demanded, and the station's name on the link from a pattern (`pharmacy-{hostname}`, or a fixed name), so thirty
// stations need no visit. Such a station signs in to NATS with its record key (main/events/nats-connection.ts).
import { hostname } from 'node:os';
import type { MachinePolicy } from './policy-schema.ts';

/** The placeholder of a station name pattern, replaced by this computer's host name (its first label). */
export const HOSTNAME_PLACEHOLDER = '{hostname}';

/** A name on the link (contract/pharmacy-link.ts LINK_NAME): lower-case letters, digits, `-`, `_`, at most 40. */
export function stationNameFromPattern(pattern: string, host: string = hostname()): string {
  const label = (host.split('.')[0] ?? '').toLowerCase();
  const named = pattern.split(HOSTNAME_PLACEHOLDER).join(label);
  const cleaned = named
    .replace(/[^a-z0-9_-]/g, '-')
    .replace(/^[-_]+/, '')
    .slice(0, 40);
  return cleaned === '' ? 'station' : cleaned;
}

/** The relay settings the policy puts in force, or null when it sets no servers (the station's settings then). */
export function policyRelay(
  policy: MachinePolicy,
  host?: string,
): { eventsRelayServers: string; eventsRelayStation: string; eventsRelayName: string } | null {
  const servers = policy.eventsRelayServers;
  if (!servers) return null;
  const name = stationNameFromPattern(policy.eventsRelayStation ?? HOSTNAME_PLACEHOLDER, host);
  return { eventsRelayServers: servers, eventsRelayStation: name, eventsRelayName: name };
}

/**
 * The policy setting that demands TLS toward NATS, named in the refusal of a plaintext server: the flag, else a CA,
 * else a `tls://` server in the policy; null when the policy demands none.
 */
export function policyTlsRequirement(policy: MachinePolicy): string | null {
  if (policy.eventsRelayTlsRequired === true) return 'eventsRelayTlsRequired (the machine policy)';
  if (policy.eventsRelayCa) return 'eventsRelayCa (the machine policy)';
  if (/(^|,)\s*tls:\/\//i.test(policy.eventsRelayServers ?? ''))
    return 'eventsRelayServers (the machine policy, tls://)';
  return null;
}
