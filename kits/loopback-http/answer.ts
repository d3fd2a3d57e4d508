// JSON answers of the loopback servers: never cached, a UTF-8 JSON type and an exact length, the caller's headers on top.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** `body` undefined answers no body (a 204). Header names are merged case-insensitively, the caller's winning. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string | number>> = {},
): void {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const merged: OutgoingHttpHeaders = { 'cache-control': 'no-store' };
  for (const [name, value] of Object.entries(headers)) merged[name.toLowerCase()] = value;
  if (payload !== '') merged['content-type'] = 'application/json; charset=utf-8';
  // A 204 carries no Content-Length at all (RFC 9110 §8.6).
  if (status !== 204) merged['content-length'] = Buffer.byteLength(payload);
  res.writeHead(status, merged);
  res.end(payload === '' ? undefined : payload);
}
