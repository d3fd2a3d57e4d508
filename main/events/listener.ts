// The webhook listener: an HTTP server on 127.0.0.1 that checks each delivery, records it in the inbox, then answers 2xx.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebhookDelivery, webhookDelivery } from '../../contract/service/notifications.ts';
import { sendJson } from '../../kits/loopback-http/answer.ts';
import { closeAfterAnswer, isJsonContentType, readBody } from '../../kits/loopback-http/body.ts';
import { type LoopbackRule, loopbackRefusal, NO_ORIGINS } from '../../kits/loopback-http/guard.ts';
import { secretMatches } from '../../kits/loopback-http/secret.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { DriftLog } from '../service/client/drift.ts';
import { readTolerantly } from '../service/client/tolerant-read.ts';
import {
  allowedHosts,
  bearerToken,
  DISCARD_LIMIT_BYTES,
  MAX_DELIVERY_BYTES,
  MAX_DELIVERY_DEPTH,
  nestsDeeperThan,
  type Refusal,
  refusals,
} from './guard.ts';
import { toStationEvent } from './keys.ts';
import type { EventSink } from './types.ts';

export const WEBHOOK_PATH = '/webhooks/fulfillment';

export interface ListenerOptions {
  /** The port on 127.0.0.1; 0 picks a free one (tests). */
  port: number;
  /** A public https URL that tunnels here (its Host is accepted too), or null. */
  publicUrl?: string | null;
  /** The webhook secret (kept in the keychain by the app); null until one was generated. Should be cheap to call. */
  secret: () => Promise<string | null>;
  sink: EventSink;
  logger?: Logger;
  now?: () => Date;
  /**
   * Told how each delivery that presented a bearer token fared against the secret: a run of wrong ones means the
   * service signs with a secret this station was not given (rotated elsewhere), which the Events indicator must say.
   */
  onSecretCheck?: (check: SecretCheck) => void;
  /** Counts the fields of a signed delivery that had to be read differently (the admin's drift panel). */
  drift?: DriftLog;
}

/** A presented bearer token against this station's secret: it matched, it did not, or the station holds none. */
export type SecretCheck = 'matched' | 'wrong_secret' | 'no_secret';

export type ListenerStatus =
  | { state: 'stopped' }
  | { state: 'listening'; port: number; url: string }
  | { state: 'failed'; code: 'port_in_use' | 'permission_denied' | 'failed'; port: number; message: string };

export interface ListenerCounts {
  accepted: number;
  duplicates: number;
  refused: Record<string, number>;
}

export interface WebhookListener {
  /** Never throws: a busy port (or any failure to listen) comes back as a `failed` status with a message to show. */
  start(): Promise<ListenerStatus>;
  stop(): Promise<void>;
  status(): ListenerStatus;
  /** How many deliveries were accepted, duplicated or refused (by reason) since start; no content. */
  counts(): ListenerCounts;
}

/** How a signed delivery's drift is named on the panel, beside the client's operations. */
export const DELIVERY_DRIFT = 'webhook.delivery';

export function createWebhookListener(options: ListenerOptions): WebhookListener {
  const now = options.now ?? (() => new Date());
  const log = options.logger;
  let status: ListenerStatus = { state: 'stopped' };
  // No web page may post a delivery: any Origin header is refused. The hosts are known once the port is.
  let guard: LoopbackRule = { hosts: new Set(), origins: NO_ORIGINS };
  let server: Server | null = null;
  const counts: ListenerCounts = { accepted: 0, duplicates: 0, refused: {} };

  function refuse(res: ServerResponse, refusal: Refusal, reason: string): void {
    counts.refused[reason] = (counts.refused[reason] ?? 0) + 1;
    // Only the reason: never a header, the body or the secret.
    log?.debug('delivery refused', { status: refusal.status, reason });
    sendJson(
      res,
      refusal.status,
      { error: refusal.error, message: refusal.message },
      'headers' in refusal ? refusal.headers : {},
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Browser-facing checks first: a page (DNS rebinding, a form post) gets nothing, not even a 404.
    const stranger = loopbackRefusal(req.headers, guard);
    if (stranger === 'host') return refuse(res, refusals.forbiddenHost, 'host');
    if (stranger === 'origin') return refuse(res, refusals.forbiddenOrigin, 'origin');
    if ((req.url ?? '').split('?')[0] !== WEBHOOK_PATH) return refuse(res, refusals.notFound, 'path');
    if (req.method !== 'POST') return refuse(res, refusals.methodNotAllowed, 'method');

    // The secret before the body: an unauthenticated sender never gets its body read or parsed.
    const token = bearerToken(req.headers.authorization);
    if (token === null) return refuse(res, refusals.unauthorized, 'no_token');
    let secret: string | null;
    try {
      secret = await options.secret();
    } catch {
      return refuse(res, refusals.secretUnavailable, 'secret_unavailable');
    }
    if (!secret) {
      options.onSecretCheck?.('no_secret');
      return refuse(res, refusals.noSecret, 'no_secret');
    }
    if (!secretMatches(token, secret)) {
      options.onSecretCheck?.('wrong_secret');
      return refuse(res, refusals.unauthorized, 'wrong_secret');
    }
    options.onSecretCheck?.('matched');

    if (!isJsonContentType(req.headers['content-type'])) return refuse(res, refusals.unsupportedType, 'content_type');
    // Up to DISCARD_LIMIT_BYTES a refused body is drained (the sender reads its 413); past it the answer cuts the line.
    const read = await readBody(req, { maxBytes: MAX_DELIVERY_BYTES, drainBytes: DISCARD_LIMIT_BYTES });
    if (read.kind === 'aborted') {
      counts.refused.aborted = (counts.refused.aborted ?? 0) + 1;
      return;
    }
    if (read.kind === 'too_large') {
      if (read.close) closeAfterAnswer(req, res);
      return refuse(res, refusals.tooLarge, 'too_large');
    }

    let json: unknown;
    try {
      json = JSON.parse(read.body.toString('utf8'));
    } catch {
      return refuse(res, refusals.badJson, 'json');
    }
    if (nestsDeeperThan(json, MAX_DELIVERY_DEPTH)) return refuse(res, refusals.tooDeep, 'too_deep');
    // Read as the client reads answers: refused only without its event code, id and link; other fields that do not fit
    // are dropped, so one odd field never loses a delivery.
    const parsed = readTolerantly(webhookDelivery, json);
    if (!parsed.ok) {
      options.drift?.refused(DELIVERY_DRIFT, parsed.reason);
      return refuse(res, refusals.badShape, 'shape');
    }
    if (parsed.notes.length > 0) options.drift?.record(DELIVERY_DRIFT, parsed.notes);

    const event = toStationEvent(parsed.value as WebhookDelivery, 'webhook', now());
    let fresh: boolean;
    try {
      [fresh = false] = await options.sink.accept([event]);
    } catch (error) {
      log?.error('a delivery could not be stored', { error: error instanceof Error ? error.message : String(error) });
      return refuse(res, refusals.notStored, 'not_stored');
    }
    if (fresh) counts.accepted++;
    else counts.duplicates++;
    log?.debug('delivery accepted', { eventCode: event.eventCode, duplicate: !fresh });
    // Recorded (on disk) before this answer; a duplicate is acknowledged the same way, so the sender stops retrying.
    sendJson(res, 204, undefined);
  }

  return {
    status: () => status,
    counts: () => ({ ...counts, refused: { ...counts.refused } }),
    async start() {
      if (server) return status;
      const candidate = createServer(
        { requestTimeout: 10_000, headersTimeout: 5_000, keepAliveTimeout: 5_000 },
        (req, res) => {
          handle(req, res).catch((error: unknown) => {
            log?.error('the listener failed on a request', {
              error: error instanceof Error ? error.message : String(error),
            });
            if (!res.headersSent)
              refuse(res, { status: 500, error: 'internal', message: 'Something failed.' }, 'internal');
            else res.destroy();
          });
        },
      );
      candidate.maxConnections = 256;
      const started = await new Promise<Exclude<ListenerStatus, { state: 'stopped' }>>((resolve) => {
        candidate.once('error', (error: NodeJS.ErrnoException) => resolve(failure(options.port, error)));
        candidate.listen(options.port, '127.0.0.1', () => {
          const port = (candidate.address() as AddressInfo).port;
          // Before the first request can arrive: the Host check needs the real port (0 picks one).
          guard = { hosts: allowedHosts(port, options.publicUrl), origins: NO_ORIGINS };
          resolve({ state: 'listening', port, url: `http://127.0.0.1:${port}${WEBHOOK_PATH}` });
        });
      });
      status = started;
      if (started.state === 'listening') {
        server = candidate;
        candidate.on('error', (error) => log?.error('the listener failed', { error: error.message }));
        log?.info('webhook listener started', { port: started.port });
      } else {
        log?.warn('webhook listener could not start', { code: started.code, port: options.port });
      }
      return status;
    },
    async stop() {
      const running = server;
      server = null;
      status = { state: 'stopped' };
      if (!running) return;
      await new Promise<void>((resolve) => {
        running.close(() => resolve());
        running.closeAllConnections();
      });
    },
  };
}

function failure(port: number, error: NodeJS.ErrnoException): Extract<ListenerStatus, { state: 'failed' }> {
  if (error.code === 'EADDRINUSE') {
    return {
      state: 'failed',
      code: 'port_in_use',
      port,
      message: `Port ${port} on 127.0.0.1 is already in use by another program, so this workstation cannot receive the service's notifications there. Choose another in Settings → Listener port (Alt+Shift+S); until then it checks for changes every minute.`,
    };
  }
  if (error.code === 'EACCES') {
    return {
      state: 'failed',
      code: 'permission_denied',
      port,
      message: `This workstation may not listen on port ${port}. Choose a port above 1024 in Settings → Listener port (Alt+Shift+S); until then it checks for changes every minute.`,
    };
  }
  return {
    state: 'failed',
    code: 'failed',
    port,
    message: `The notification listener could not start on port ${port} (${error.code ?? 'unknown error'}). Until it does, this workstation checks for changes every minute.`,
  };
}
