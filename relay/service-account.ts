// The relay's few calls to the service, as its own service account: sign in, make sure the one webhook subscription
// points at the relay, and generate the signing secret when the relay holds none. Nothing else: stations read orders.
import { parseField } from '../contract/ipc/settings.ts';
import { loginResponse } from '../contract/service/auth.ts';
import { webhookSecret, webhookSubscription } from '../contract/service/notifications.ts';
import { readCapped } from '../kits/capped-answer/read-capped.ts';
import { parseBoundedJson } from '../kits/json/bounded-json.ts';

/** The most one answer of the service may carry for the relay (a page of 200 subscriptions is far below). */
export const RELAY_ANSWER_LIMIT_BYTES = 4 * 1024 * 1024;

/** The station's rule for a service address: https, or http only on this computer (contract/ipc/settings.ts). */
export function serviceUrlProblem(url: string): string | null {
  return parseField('baseUrl', url).ok
    ? null
    : 'the service must be an https:// URL (http:// only on localhost or 127.0.0.1), with no user name, query or fragment';
}

export interface ServiceAccount {
  /** The service's base URL (no trailing slash needed). */
  baseUrl: string;
  email: string;
  password: string;
}

export class RelayServiceError extends Error {
  readonly status: number;
  constructor(step: string, status: number) {
    // Only the step and the status: never a body (it may echo a token) nor the account's password.
    super(`the service refused the relay's ${step} (HTTP ${status})`);
    this.status = status;
  }
}

type Fetch = typeof fetch;

/** A signed-in session of the relay's account for reads: signs in lazily, and again once when a token is refused. */
export function createServiceSession(account: ServiceAccount, fetcher: Fetch = fetch) {
  let token: string | null = null;
  const signIn = async () => {
    const login = loginResponse.parse(
      await call(fetcher, account.baseUrl, 'sign-in', '/api/v1/auth/login', {
        method: 'POST',
        body: { email: account.email, password: account.password },
      }),
    );
    token = login.access_token;
    return token;
  };
  return {
    async get(step: string, path: string): Promise<unknown> {
      const first = token ?? (await signIn());
      try {
        return await call(fetcher, account.baseUrl, step, path, { method: 'GET', token: first });
      } catch (error) {
        if (!(error instanceof RelayServiceError) || error.status !== 401) throw error;
        return call(fetcher, account.baseUrl, step, path, { method: 'GET', token: await signIn() });
      }
    },
  };
}

async function call(
  fetcher: Fetch,
  base: string,
  step: string,
  path: string,
  init: { method: string; token?: string; body?: unknown },
): Promise<unknown> {
  const problem = serviceUrlProblem(base);
  if (problem) throw new Error(problem);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetcher(`${base.replace(/\/+$/, '')}${path}`, {
    method: init.method,
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    redirect: 'error',
    signal: AbortSignal.timeout(15_000),
  });
  if (!answer.ok) {
    await answer.body?.cancel().catch(() => {});
    throw new RelayServiceError(step, answer.status);
  }
  const text = await readCapped(answer, RELAY_ANSWER_LIMIT_BYTES);
  if (text === null)
    throw new Error(`the service's answer to the relay's ${step} passed ${RELAY_ANSWER_LIMIT_BYTES} bytes`);
  if (text === '') return null;
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) throw new Error(`the service's answer to the relay's ${step} is not JSON the relay reads`);
  return parsed.value;
}

export interface SubscribeOutcome {
  subscription: 'created' | 'updated' | 'unchanged';
  /** A secret the service generated now (the relay keeps it); null when the relay already held one. */
  newSecret: string | null;
}

/**
 * Signs in, generates the signing secret when `haveSecret` is false (the service retires any earlier one: the relay is
 * the pharmacy's one receiver), and points the one subscription to every event at `url`, moving one from `previousUrls`.
 */
export async function subscribeRelay(
  account: ServiceAccount,
  url: string,
  haveSecret: boolean,
  previousUrls: readonly string[] = [],
  fetcher: Fetch = fetch,
): Promise<SubscribeOutcome> {
  const base = account.baseUrl;
  const login = loginResponse.parse(
    await call(fetcher, base, 'sign-in', '/api/v1/auth/login', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    }),
  );
  const token = login.access_token;
  let newSecret: string | null = null;
  if (!haveSecret) {
    const secret = webhookSecret.parse(
      await call(fetcher, base, 'secret', '/api/v1/notifications/webhook-secret', { method: 'POST', token }),
    );
    newSecret = secret.webhook_secret;
  }
  const listed = await call(fetcher, base, 'listing', '/api/v1/notifications/webhooks?page_size=200', {
    method: 'GET',
    token,
  });
  const subscriptions = (Array.isArray(listed) ? listed : []).flatMap((item) => {
    const parsed = webhookSubscription.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  const candidates = new Set([url, ...previousUrls]);
  const mine =
    subscriptions.find((s) => s.url === url) ?? subscriptions.find((s) => s.url && candidates.has(s.url)) ?? null;
  const body = { url, event_codes: ['all'] };
  if (mine === null) {
    await call(fetcher, base, 'subscription', '/api/v1/notifications/webhooks', { method: 'POST', token, body });
    return { subscription: 'created', newSecret };
  }
  const same = mine.url === url && mine.event_codes?.join() === 'all' && mine.is_active !== false;
  if (same) return { subscription: 'unchanged', newSecret };
  await call(fetcher, base, 'subscription', `/api/v1/notifications/webhooks/${encodeURIComponent(mine.id)}`, {
    method: 'PUT',
    token,
    body,
  });
  return { subscription: 'updated', newSecret };
}
