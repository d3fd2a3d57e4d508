// Service calls through Chromium's network stack (system proxy, PAC and the OS certificate store), on a session of their own.
import type { Session } from 'electron';

/**
 * The session the station's own service calls use. Not the default session: `net.fetch` goes out from the default
 * session and "will trigger webRequest handlers if present" (Electron docs, api/net.md, `net.fetch`), and the default
 * session's handlers (guards.ts) cancel every http(s) request the renderer makes. "To send a fetch request from another
 * session, use ses.fetch()" (same page). No `persist:` prefix: an in-memory session, nothing written to disk.
 */
export const SERVICE_PARTITION = 'station-service';

/** Chromium names a network failure in the message (`net::ERR_CONNECTION_REFUSED`, lib/common/api/net-client-request.ts). */
const NET_ERROR = /^net::(ERR_[A-Z0-9_]+)/;

/**
 * A fetch for main/service: `session.fromPartition(SERVICE_PARTITION).fetch`, looked up on first use (a session can only
 * be had once the app is ready). A network failure is rethrown the way Node's fetch throws one — a TypeError whose
 * `cause.code` names it — so the client reports `ERR_CONNECTION_REFUSED` rather than a bare `Error`.
 */
export function createServiceFetch(fromPartition: (partition: string) => Pick<Session, 'fetch'>): typeof fetch {
  let session: Pick<Session, 'fetch'> | null = null;
  return async (input, init) => {
    session ??= fromPartition(SERVICE_PARTITION);
    try {
      return await session.fetch(input instanceof URL ? input.href : input, init);
    } catch (error) {
      const code = error instanceof Error ? NET_ERROR.exec(error.message)?.[1] : undefined;
      if (code) throw new TypeError('fetch failed', { cause: { code } });
      throw error;
    }
  };
}
