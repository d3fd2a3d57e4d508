// The headers of every answer: the station's one Content-Security-Policy and security headers, and no caching of
// anything the bridge says.
export { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../platform/web/csp.ts';

export const NO_STORE = { 'Cache-Control': 'no-store' } as const;
