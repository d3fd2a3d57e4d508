// Starts a real training service on 127.0.0.1 with an in-memory database and signs in; tests talk to it over real HTTP.

import { TRAINING_PASSWORD } from '../../../training/auth/users.ts';
import {
  createTrainingService,
  type TrainingService,
  type TrainingServiceOptions,
} from '../../../training/training-service.ts';

export type Role = 'admin' | 'pharmacist' | 'technician';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Harness {
  service: TrainingService;
  url: string;
  /** The service clock: tests move it forward to expire tokens. */
  clock: { now: Date; advance(ms: number): void };
  tokens: Record<Role, string>;
  /** Every line the service logged (level, msg, method, status…), oldest first. */
  logged: Record<string, unknown>[];
  /** A raw request; `as` picks whose access token goes with it (admin by default, `null` for none). */
  api<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; as?: Role | null; token?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

/** Any service option (a file database, delivery time scale, mailbox…) may be given; the clock and log are the harness's. */
export async function startHarness(options: Partial<TrainingServiceOptions> = {}): Promise<Harness> {
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const errors: unknown[] = [];
  const logged: Record<string, unknown>[] = [];
  const service = await createTrainingService({
    db: ':memory:',
    clock: () => clock.now,
    ...options,
    log: (entry) => {
      logged.push(entry);
      if (entry.level === 'error') errors.push(entry);
    },
  });
  const url = await service.listen(0);

  const api: Harness['api'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const who = opts.as === undefined ? 'admin' : opts.as;
    const token = opts.token ?? (who ? tokens[who] : undefined);
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(`${url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };

  const tokens = {} as Record<Role, string>;
  for (const role of ['admin', 'pharmacist', 'technician'] as const) {
    const login = await api('POST', '/api/v1/auth/login', {
      as: null,
      body: { email: `${role}@training.local`, password: TRAINING_PASSWORD },
    });
    if (login.status !== 200) throw new Error(`demo ${role} could not sign in: ${login.status}`);
    tokens[role] = login.body.access_token;
  }

  return {
    service,
    url,
    clock,
    tokens,
    logged,
    api,
    async close() {
      await service.close();
      // An answer that broke the contract, or a crash, is logged as an error: no test may leave one behind.
      if (errors.length > 0)
        throw new Error(`the training service logged errors: ${JSON.stringify(errors).slice(0, 2000)}`);
    },
  };
}
