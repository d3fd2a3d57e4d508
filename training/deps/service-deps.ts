// What the composition file (training-service.ts) hands each domain: a leaf module, so domains, the delivery worker and
// the simulation import these types without importing the composition file back. The simulation itself is handed
// only to the training controls (domains/training), beside these.
import type { TokenIssuer } from '../auth/tokens.ts';
import type { Db } from '../database/db.ts';
import type { BackgroundWorker } from './background-worker.ts';

export interface TrainingServiceOptions {
  /** A file path, or ':memory:' (tests). */
  db: string;
  /** The base clock; tests move it to expire tokens. Defaults to the wall clock. The service clock is the simulation's. */
  clock?: () => Date;
  /** true: the simulation runs from the start; false: paused. Absent: as the trainer left it (a new database: paused). */
  simulate?: boolean;
  /** Check every answer against the contract (default on: an answer that breaks the contract is a bug). */
  validateResponses?: boolean;
  log?: (entry: Record<string, unknown>) => void;
  /** Webhook and email retry waits are divided by this (the simulation ties it to its speed; tests use ~100). Default 1. */
  deliveryTimeScale?: number | (() => number);
  /** How long a webhook receiver has to answer 2xx. Default 10 000 ms (spec §8); tests shorten it. */
  deliveryTimeoutMs?: number;
  /** Folder for notification emails (.eml). Default: `mailbox/` beside the database file; a temp folder for ':memory:'. */
  mailboxDir?: string;
  /** An SMTP server URL (`smtp://host:port`, `smtps://user:pass@host`); when set, emails go there instead. */
  smtpUrl?: string;
  /** The base of deep links in event payloads (`<base>/orders/<id>`). Default https://dashboard.training.invalid. */
  dashboardUrl?: string;
  /** Where an added plant is POSTed (the sample plant interface's /plant/webhook receiver); none when unset. */
  plantWebhookUrl?: string;
}

/** What domains get to build their handlers and background work from. */
export interface ServiceDeps {
  db: Db;
  tokens: TokenIssuer;
  clock: () => Date;
  /** The base (wall) clock: tokens are issued and checked on it, so the simulation never stretches a session. */
  wallClock: () => Date;
  log: (entry: Record<string, unknown>) => void;
  options: TrainingServiceOptions;
  workers: BackgroundWorker[];
}
