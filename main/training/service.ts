// Assembles the training service: database and migrations, demo users, tokens, the handlers of every domain, the HTTP server on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyOperation } from '../../contract/service/operation.ts';
import { operations } from '../../contract/service/operations.ts';
import { createAuthenticator } from './auth/authenticate.ts';
import { authorize } from './auth/permissions.ts';
import { signingKey, TokenIssuer } from './auth/tokens.ts';
import { ensureDemoUsers } from './auth/users.ts';
import { domainHandlers } from './domains/index.ts';
import { ensureTaskCodes } from './domains/tasks/codes.ts';
import type { Handler } from './http/handler.ts';
import { IdempotencyStore } from './http/idempotency.ts';
import { createPipeline } from './http/server.ts';
import { Db } from './store/db.ts';
import { migrations } from './store/schema.ts';

export interface TrainingServiceOptions {
  /** A file path, or ':memory:' (tests). */
  db: string;
  /** The service clock; tests move it to expire tokens. Defaults to the wall clock. */
  clock?: () => Date;
  /** Check every answer against the contract (default on: an answer that breaks the contract is a bug). */
  validateResponses?: boolean;
  log?: (entry: Record<string, unknown>) => void;
}

export interface TrainingService {
  readonly db: Db;
  readonly server: Server;
  /** The names of the operations this service answers (the rest answer 501 until their issue lands). */
  readonly handled: readonly string[];
  /** Listens on 127.0.0.1 only; port 0 picks a free port. Answers the base URL. */
  listen(port: number): Promise<string>;
  close(): Promise<void>;
}

export async function createTrainingService(options: TrainingServiceOptions): Promise<TrainingService> {
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? (() => {});
  const db = new Db(options.db);
  db.migrate(migrations);
  const tokens = new TokenIssuer(db.transaction(() => signingKey(db)));
  await ensureDemoUsers(db, clock());
  ensureTaskCodes(db);

  const handlers = new Map<string, Handler<AnyOperation>>();
  for (const [domain, verbs] of Object.entries(domainHandlers(tokens))) {
    for (const [verb, handler] of Object.entries(verbs ?? {})) {
      const operation = (operations as Record<string, Record<string, AnyOperation>>)[domain]?.[verb];
      if (!operation) throw new Error(`handler for unknown operation ${domain}.${verb}`);
      handlers.set(operation.name, handler as Handler<AnyOperation>);
    }
  }

  const handle = createPipeline({
    db,
    operations: Object.values(operations).flatMap((verbs) => Object.values(verbs) as AnyOperation[]),
    handlers,
    authenticate: createAuthenticator(db, tokens),
    authorize,
    idempotency: new IdempotencyStore(db, clock),
    clock,
    validateResponses: options.validateResponses ?? true,
    log,
  });
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
    void handle(req, res);
  });

  return {
    db,
    server,
    handled: [...handlers.keys()],
    listen(port: number) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      });
    },
  };
}
