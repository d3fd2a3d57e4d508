// The training service's one error shape ({error, message, details?}) and the statuses it uses (service-facts.md).
export class HttpError extends Error {
  readonly status: number;
  readonly error: string;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(status: number, error: string, message: string, details?: unknown, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.error = error;
    this.details = details;
    this.headers = headers;
  }

  toBody(): { error: string; message: string; details?: unknown } {
    return this.details === undefined
      ? { error: this.error, message: this.message }
      : { error: this.error, message: this.message, details: this.details };
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message: string) =>
  new HttpError(401, 'unauthorized', message, undefined, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const notFound = (what: string, key: string) =>
  new HttpError(404, 'not_found', `No ${what} with identifier ${JSON.stringify(truncate(key, 80))}.`);
export const conflict = (message: string, details?: unknown) => new HttpError(409, 'conflict', message, details);
export const unprocessable = (message: string, details?: unknown) =>
  new HttpError(422, 'unprocessable', message, details);

/** Keeps echoed identifiers short so a hostile path never balloons an error body or a log line. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
