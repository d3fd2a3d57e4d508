// The bridge's checks on a request: the loopback HTTP kit's Host/Origin rule with the shell's own port and origins,
// and a new per-run token (checked with the kit's secretMatches).
import { randomBytes } from 'node:crypto';
import { type LoopbackRule, loopbackHosts, loopbackOrigins } from '../kit/loopback-http/guard.ts';

/** 32 random bytes, URL-safe: a new one every run, never written anywhere but the printed address. */
export function newBridgeToken(): string {
  return randomBytes(32).toString('base64url');
}

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
