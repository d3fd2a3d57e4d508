// Service calls through Chromium's network stack (system proxy, PAC and the OS certificate store), on a session of
// their own. A proxy asking for a password (407) is answered once and the call sent again (proxy-retry.ts).
import type { Session } from 'electron';
import { type NetRequest, type ProxyAnswer, proxyWantsPassword, sendWithProxyLogin } from './proxy-retry.ts';

/**
 * The session the station's own service calls use. Not the default session: `net.fetch` goes out from the default
 * session and "will trigger webRequest handlers if present" (Electron docs, api/net.md, `net.fetch`), and the default
 * session's handlers (guards.ts) cancel every http(s) request the renderer makes. "To send a fetch request from another
 * session, use ses.fetch()" (same page). No `persist:` prefix: an in-memory session, nothing written to disk.
 */
export const SERVICE_PARTITION = 'station-service';

/** Chromium names a network failure in the message (`net::ERR_CONNECTION_REFUSED`, lib/common/api/net-client-request.ts). */
const NET_ERROR = /^net::(ERR_[A-Z0-9_]+)/;

/** The README section that says how to add a pharmacy's CA on each OS. */
export const CERTIFICATE_HELP = 'README, "Installing on workstations" → "Certificates and proxies"';

type ServiceSession = Pick<Session, 'fetch' | 'setCertificateVerifyProc'>;

/** Why Chromium refused a host's certificate, with the issuer it named, as a person can act on it. */
export function untrustedCertificateReason(code: string, host: string, issuer: string | undefined): string {
  const by = issuer ? `issued by “${issuer}”` : 'whose issuer is not known here';
  return `the certificate of ${host}, ${by}, is not trusted by this computer (${code}); add your pharmacy's certificate authority to this computer (${CERTIFICATE_HELP})`;
}

/**
 * A fetch for main/service/client: `session.fromPartition(SERVICE_PARTITION).fetch`, looked up on first use (a session can only
 * be had once the app is ready). A network failure is rethrown the way Node's fetch throws one — a TypeError whose
 * `cause.code` names it — so the client reports `ERR_CONNECTION_REFUSED` rather than a bare `Error`. A certificate the
 * workstation does not trust also gets `cause.reason`, naming the issuer Chromium saw (its verify proc is only watched:
 * -3 keeps Chromium's own verdict).
 */
export function createServiceFetch(
  fromPartition: (partition: string) => ServiceSession,
  /** `net.request` on the same session (SERVICE_PARTITION), and the proxy's answer (proxy-login.ts). */
  proxy?: { request: NetRequest; answerProxy: ProxyAnswer },
): typeof fetch {
  let session: ServiceSession | null = null;
  const issuers = new Map<string, string>();
  const open = () => {
    const opened = fromPartition(SERVICE_PARTITION);
    opened.setCertificateVerifyProc((request, callback) => {
      if (request.errorCode !== 0) issuers.set(request.hostname, request.certificate.issuerName);
      callback(-3);
    });
    return opened;
  };
  return async (input, init) => {
    session ??= open();
    const url = input instanceof URL ? input.href : typeof input === 'string' ? input : input.url;
    // The call again, its proxy's password asked for once (the keychain, else the prompt).
    const again = () => (proxy ? sendWithProxyLogin(proxy.request, url, init, proxy.answerProxy) : null);
    try {
      const answer = await session.fetch(input instanceof URL ? input.href : input, init);
      return (proxyWantsPassword(answer, undefined) && (await again())) || answer;
    } catch (error) {
      const code = error instanceof Error ? NET_ERROR.exec(error.message)?.[1] : undefined;
      const retried = proxyWantsPassword(null, code) ? await again() : null;
      if (retried) return retried;
      if (code?.startsWith('ERR_CERT_')) {
        const host = new URL(url).hostname;
        throw new TypeError('fetch failed', {
          cause: { code, reason: untrustedCertificateReason(code, host, issuers.get(host)) },
        });
      }
      if (code) throw new TypeError('fetch failed', { cause: { code } });
      throw error;
    }
  };
}
