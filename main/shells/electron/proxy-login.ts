// A proxy that asks for a password (407): Chromium emits the app's `login` event, whose default cancels the request.
// Here the proxy's credentials come from the keychain, else from a small prompt window (a plain form, no script, posted
// back to the app protocol), and go to the keychain once typed. Credentials that were refused are asked for again.
import { randomUUID } from 'node:crypto';
import type { AuthInfo, Event as ElectronEvent } from 'electron';
import { z } from 'zod';
import { parseStoredJson, StoredJsonError } from '../../../kits/json/stored-json.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { SECURITY_HEADERS } from '../../platform/web/csp.ts';
import type { SecretStore } from '../../service/session/index.ts';
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from './origin.ts';

export const PROXY_LOGIN_PATH = '/proxy-login';
const credentials = z.strictObject({ username: z.string(), password: z.string() });
type Credentials = z.infer<typeof credentials>;

/** The proxy's sign-in as the keychain keeps it; an entry not of that shape is asked for again, as if none were kept. */
function keptCredentials(stored: string): Credentials | null {
  try {
    return parseStoredJson(credentials, stored, "the proxy's kept sign-in");
  } catch (error) {
    if (error instanceof StoredJsonError) return null;
    throw error;
  }
}
type Callback = (username?: string, password?: string) => void;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (body: string, status = 200) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Proxy sign-in</title></head><body>${body}</body></html>`,
    {
      status,
      headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    },
  );

export function createProxyLogin(options: {
  secrets: () => Promise<SecretStore>;
  /** Opens the prompt window at `url`; answers a way to close it and to learn that the person closed it. */
  openPrompt: (url: string, onClosed: () => void) => { close(): void };
  log: Pick<Logger, 'info' | 'warn'>;
}) {
  const pending = new Map<string, { authInfo: AuthInfo; done: (answer: Credentials | null) => void }>();
  /** Proxies whose stored credentials were offered this run: asked again, they were refused. */
  const offered = new Set<string>();
  const accountOf = (authInfo: AuthInfo) => `proxy:${authInfo.host}:${authInfo.port}`;

  function prompt(authInfo: AuthInfo): Promise<Credentials | null> {
    return new Promise((resolve) => {
      const id = randomUUID();
      let settled = false;
      let window: { close(): void } | null = null;
      const done = (answer: Credentials | null) => {
        if (settled) return;
        settled = true;
        pending.delete(id);
        window?.close();
        resolve(answer);
      };
      pending.set(id, { authInfo, done });
      window = options.openPrompt(`${APP_ORIGIN}${PROXY_LOGIN_PATH}?id=${id}`, () => done(null));
    });
  }

  async function answer(authInfo: AuthInfo, callback: Callback): Promise<void> {
    const account = accountOf(authInfo);
    const secrets = await options.secrets();
    if (!offered.has(account)) {
      const stored = await secrets.get(account);
      if (stored) {
        offered.add(account);
        const kept = keptCredentials(stored);
        if (kept) return callback(kept.username, kept.password);
      }
    }
    const typed = await prompt(authInfo);
    if (!typed) {
      options.log.info('the proxy sign-in was cancelled', { proxy: `${authInfo.host}:${authInfo.port}` });
      return callback();
    }
    await secrets.set(account, JSON.stringify(typed));
    offered.add(account);
    callback(typed.username, typed.password);
  }

  /** Answers one proxy's challenge (from the keychain, else the prompt); a failure cancels, never throws. */
  function answerProxy(authInfo: AuthInfo, callback: Callback): void {
    answer(authInfo, callback).catch((error: unknown) => {
      options.log.warn('the proxy sign-in failed', { error: error instanceof Error ? error.name : 'unknown' });
      callback();
    });
  }

  return {
    answerProxy,
    /** The app's `login` listener: proxies only (a server asking for a password is refused, as by default). */
    onLogin(event: ElectronEvent, _contents: unknown, _details: unknown, authInfo: AuthInfo, callback: Callback): void {
      if (!authInfo.isProxy) return;
      event.preventDefault();
      answerProxy(authInfo, callback);
    },
    /** Serves the prompt (GET) and takes its form (POST); anything else goes on to `next`. */
    withPrompt(next: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
      return async (request) => {
        const url = new URL(request.url);
        const ours =
          url.protocol === `${APP_SCHEME}:` && url.hostname === APP_HOST && url.pathname === PROXY_LOGIN_PATH;
        if (!ours) return next(request);
        const id = url.searchParams.get('id') ?? '';
        const waiting = pending.get(id);
        if (!waiting) return html('<p>This sign-in is no longer asked for.</p>', 404);
        if (request.method === 'POST') {
          const form = new URLSearchParams(await request.text());
          const username = form.get('username') ?? '';
          if (username === '') return html('<p>Enter the user name, then try again.</p>', 400);
          waiting.done({ username, password: form.get('password') ?? '' });
          return html('<p>Signed in to the proxy.</p>');
        }
        const { host, port, realm } = waiting.authInfo;
        return html(
          [
            `<h1>The proxy ${escapeHtml(host)}:${port} asks for a password</h1>`,
            realm ? `<p>${escapeHtml(realm)}</p>` : '',
            `<form method="post" action="${PROXY_LOGIN_PATH}?id=${id}">`,
            '<p><label>User name <input name="username" autocomplete="username" required></label></p>',
            '<p><label>Password <input name="password" type="password" autocomplete="current-password"></label></p>',
            '<p><button type="submit">Sign in to the proxy</button></p>',
            '</form><p>They are kept in this computer’s keychain for the next time.</p>',
          ].join(''),
        );
      };
    },
  };
}
