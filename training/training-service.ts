// Assembles the training service: database and migrations, demo users, tokens, the handlers of every domain, the HTTP server on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyOperation } from '../contract/service/operation.ts';
import { operations } from '../contract/service/operations.ts';
import type { TrainingDemoAccounts } from '../contract/training-announcement.ts';
import { createAuthenticator } from './auth/authenticate.ts';
import { authorize } from './auth/permissions.ts';
import { signingKey, TokenIssuer } from './auth/tokens.ts';
import { demoAccounts, ensureDemoUsers } from './auth/users.ts';
import { Db } from './database/db.ts';
import type { BackgroundWorker } from './deps/background-worker.ts';
import type { ServiceDeps, TrainingServiceOptions } from './deps/service-deps.ts';
import { domainHandlers } from './domains/domain-handlers.ts';
import { formatOperationError } from './domains/plants/errors.ts';
import { ensureTaskCodes } from './domains/tasks/codes.ts';
import type { Handler } from './http/handler.ts';
import { IdempotencyStore } from './http/idempotency.ts';
import { createPipeline } from './http/server.ts';
import { Simulation } from './simulation/simulation.ts';
import { migrations } from './tables.ts';

/** The options are declared in the leaf the domains read them from; callers import them from here, the entry. */
export type { TrainingServiceOptions } from './deps/service-deps.ts';

export interface TrainingService {
  readonly db: Db;
  readonly server: Server;
  /** The names of the operations this service answers (the rest answer 501 until their issue lands). */
  readonly handled: readonly string[];
  readonly workers: BackgroundWorker[];
  /** The demo accounts and their password, announced to whoever starts the service (cli.ts prints them). */
  readonly demoAccounts: TrainingDemoAccounts;
  /** Listens on 127.0.0.1 only; port 0 picks a free port. Answers the base URL. */
  listen(port: number): Promise<string>;
  close(): Promise<void>;
}

export async function createTrainingService(options: TrainingServiceOptions): Promise<TrainingService> {
  const baseClock = options.clock ?? (() => new Date());
  const log = options.log ?? (() => {});
  const db = new Db(options.db);
  db.migrate(migrations);
  // The service clock is the simulation's: the base clock plus the lead the simulation has taken by running fast or
  // stepping (none until it does). Tokens alone keep the base clock, so a fast simulation does not expire sessions.
  const simulation = new Simulation(db, baseClock, {
    ...(options.simulate !== undefined ? { running: options.simulate } : {}),
    log,
  });
  const clock = simulation.now;
  const tokens = new TokenIssuer(db.transaction(() => signingKey(db)));
  await ensureDemoUsers(db, clock());
  ensureTaskCodes(db);

  // Background work is registered here (by the domains that need it) and runs only while the service listens.
  const workers: BackgroundWorker[] = [];
  const deps: ServiceDeps = {
    db,
    tokens,
    clock,
    wallClock: baseClock,
    log,
    // Retry waits of webhook and email delivery shrink with the simulation's speed unless the caller fixed a scale.
    options: { ...options, deliveryTimeScale: options.deliveryTimeScale ?? simulation.timeScale },
    workers,
  };

  const handlers = new Map<string, Handler<AnyOperation>>();
  for (const [domain, verbs] of Object.entries(domainHandlers(deps, simulation))) {
    for (const [verb, handler] of Object.entries(verbs ?? {})) {
      const operation = (operations as Record<string, Record<string, AnyOperation>>)[domain]?.[verb];
      if (!operation) throw new Error(`handler for unknown operation ${domain}.${verb}`);
      handlers.set(operation.name, handler as Handler<AnyOperation>);
    }
  }

  const authenticate = createAuthenticator(db, tokens);
  const handle = createPipeline({
    db,
    operations: Object.values(operations).flatMap((verbs) => Object.values(verbs) as AnyOperation[]),
    handlers,
    authenticate: (kind, bearer) => authenticate(kind, bearer, baseClock()),
    authorize,
    idempotency: new IdempotencyStore(db, baseClock),
    clock,
    validateResponses: options.validateResponses ?? true,
    log,
    formatError: formatOperationError,
  });
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
    void handle(req, res);
  });

  return {
    db,
    server,
    handled: [...handlers.keys()],
    workers,
    demoAccounts: demoAccounts(),
    listen(port: number) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          for (const worker of workers) worker.start();
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        });
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      });
    },
  };
}
