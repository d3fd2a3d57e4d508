// The bridge's check on a request's Host and Origin: the loopback HTTP kit's rule with the shell's own port and
// origins (who the page is: page-session.ts).
import { type LoopbackRule, loopbackHosts, loopbackOrigins } from '../../../kits/loopback-http/guard.ts';

/**
 * The shell's port on the two IPv4 loopback names (anything else may be a DNS-rebinding page), and its own pages as the
 * only Origins (no Origin at all is fine: a same-origin GET, curl).
 */
export function bridgeGuard(port: number): LoopbackRule {
  return {
    hosts: loopbackHosts(port, ['127.0.0.1', 'localhost']),
    origins: loopbackOrigins(port, ['127.0.0.1', 'localhost']),
  };
}
