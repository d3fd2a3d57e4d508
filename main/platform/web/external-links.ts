// Which links `shell:openExternal` may open in the system browser: https pages of the carriers' tracking sites only.
import { isPlainUrl } from './plain-url.ts';

/** The carriers of service-facts.md; each host and its subdomains (tools.usps.com, www.ups.com) are allowed. */
export const CARRIER_TRACKING_DOMAINS: readonly string[] = Object.freeze(['usps.com', 'ups.com']);

function onAllowedDomain(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return CARRIER_TRACKING_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** An https URL of a carrier tracking host, on the default port, with no user name or password. */
export function isAllowedExternalUrl(url: string): boolean {
  return isPlainUrl(url, 'https:', onAllowedDomain);
}
