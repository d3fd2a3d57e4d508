// The app's own origin: the renderer is served from `station://app/`, and only that origin may navigate or call IPC.
import { isPlainUrl } from '../../platform/web/plain-url.ts';

/** A privileged standard scheme (not file://, which the grantFileProtocolExtraPrivileges fuse leaves unprivileged). */
export const APP_SCHEME = 'station';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Whether a URL belongs to the app itself. Compared by scheme and host, not `URL.origin`: WHATWG URL answers "null" as
 * the origin of any scheme it does not know, which would make every custom-scheme URL look alike.
 */
export function isAppUrl(url: string | null | undefined): boolean {
  return isPlainUrl(url, `${APP_SCHEME}:`, (hostname) => hostname === APP_HOST);
}
