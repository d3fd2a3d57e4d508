// The screen a station that could not start shows instead of the app: what failed and where the log is.
import { redactText } from '../../platform/log/redact.ts';
import { SECURITY_HEADERS } from '../../platform/web/csp.ts';
import { APP_ORIGIN } from './origin.ts';

/** Served by the app protocol itself (not from out/renderer), so it shows even when the renderer is what is broken. */
export const START_FAILURE_PATH = '/start-failure';
export const START_FAILURE_URL = `${APP_ORIGIN}${START_FAILURE_PATH}`;

export interface StartFailure {
  /** What failed, in a sentence (the start error's message, redacted and shortened). */
  reason: string;
  /** The log file's path, or null when there is none. */
  logFile: string | null;
}

const MAX_REASON = 500;

/** The start error as a person may read it: its message only, no stack, anything token-shaped removed. */
export function describeStartFailure(error: unknown, logFile: string | null): StartFailure {
  const message = error instanceof Error ? error.message : String(error);
  const reason = redactText(message.split('\n')[0] ?? '').slice(0, MAX_REASON) || 'an unknown error';
  return { reason, logFile };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain page: no script, no inline style (the CSP forbids both), readable as it is. */
export function startFailurePage(failure: StartFailure): string {
  const where = failure.logFile
    ? `<p>The log is at: <code>${escapeHtml(failure.logFile)}</code></p>`
    : '<p>No log file could be written on this machine; start the app from a terminal to see its log.</p>';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Fulfillment Station could not start</title></head><body>',
    '<h1>Fulfillment Station could not start</h1>',
    `<p>What failed: <strong>${escapeHtml(failure.reason)}</strong></p>`,
    where,
    '<p>Close the app and start it again. If it fails again, send the log file to your IT support.</p>',
    '</body></html>',
  ].join('\n');
}

/**
 * Wraps the app protocol's handler: `station://app/start-failure` answers the failure page once the start has failed
 * (404 before), everything else goes to the renderer's handler.
 */
export function withStartFailurePage(
  handler: (request: Request) => Promise<Response>,
  failure: () => StartFailure | null,
): (request: Request) => Promise<Response> {
  return async (request) => {
    let path: string;
    try {
      path = new URL(request.url).pathname;
    } catch {
      return handler(request);
    }
    if (path !== START_FAILURE_PATH) return handler(request);
    const known = failure();
    const headers = { ...SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
    if (!known) return new Response('not found', { status: 404, headers });
    return new Response(startFailurePage(known), { status: 200, headers });
  };
}
