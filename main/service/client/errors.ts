// The one error the service client raises, and how an HTTP answer or a failed exchange becomes one.
import { STATUS_CODES } from 'node:http';
import { errorBody } from '../../../contract/service/common.ts';
import { redactText, redactValue } from '../../platform/log/redact.ts';

/**
 * Codes the client itself assigns. Answers from the service carry the `error` of its body when it is a word
 * (`not_found`, `validation_error`...), otherwise a code derived from the status (see `codeForStatus`).
 */
export type ClientErrorCode =
  | 'invalid_request'
  | 'invalid_response'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'unauthenticated'
  | 'refresh_failed';

export interface ServiceErrorInit {
  /** HTTP status; 0 when no answer came (bad input, network, timeout, abort). */
  status: number;
  code: string;
  message: string;
  /** Operation name, `domain.verb`. */
  operation: string;
  /** The service's parsed `{error, message, details?}` body, when it sent one. */
  body?: unknown;
  /** The wait the service asked for in Retry-After, when it asked. */
  retryAfterMs?: number;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly status: number;
  readonly code: string;
  readonly operation: string;
  readonly body: unknown;
  readonly retryAfterMs: number | undefined;

  constructor(init: ServiceErrorInit) {
    // Redact here too, so no path that builds an error can carry a bearer token or a JWT out.
    super(redactText(init.message));
    this.status = init.status;
    this.code = init.code;
    this.operation = init.operation;
    this.body = init.body === undefined ? undefined : redactValue(init.body);
    this.retryAfterMs = init.retryAfterMs;
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

const STATUS_WORDS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'unprocessable_entity',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** A code for an answer whose body names none. */
export function codeForStatus(status: number): string {
  return STATUS_WORDS[status] ?? (status >= 500 ? 'server_error' : `http_${status}`);
}

/** `502 Bad Gateway`. */
export function describeStatus(status: number): string {
  const phrase = STATUS_CODES[status];
  return phrase ? `${status} ${phrase}` : String(status);
}

export interface FailedAnswer {
  operation: string;
  status: number;
  text: string;
  retryAfterMs?: number;
  /** Redacts with the client's known tokens as well as by pattern. */
  redact: (value: unknown) => unknown;
}

/** Turns a non-success answer into a ServiceError, taking code and message from the service's error body if any. */
export function errorFromAnswer(answer: FailedAnswer): ServiceError {
  const parsed = errorBody.safeParse(parseJson(answer.text));
  const body = parsed.success ? answer.redact(parsed.data) : undefined;
  const code =
    parsed.success && typeof parsed.data.error === 'string' && parsed.data.error.trim() !== ''
      ? parsed.data.error
      : codeForStatus(answer.status);
  const message = parsed.success
    ? parsed.data.message
    : `The service answered ${describeStatus(answer.status)} for ${answer.operation}`;
  return new ServiceError({
    status: answer.status,
    code,
    message: String(answer.redact(message)),
    operation: answer.operation,
    body,
    retryAfterMs: answer.retryAfterMs,
  });
}

/** JSON.parse that answers undefined for an empty or non-JSON text. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// The client's own failures of one call: input refused before sending, an answer it cannot read or too large, a cancel.
export function invalidRequest(name: string, detail: string): ServiceError {
  return new ServiceError({
    status: 0,
    code: 'invalid_request',
    operation: name,
    message: `Invalid input for ${name}: ${detail}`,
  });
}

export function invalidResponse(name: string, status: number, detail: string): ServiceError {
  const message = `The service's answer to ${name} cannot be shown: ${detail}`;
  return new ServiceError({ status, code: 'invalid_response', operation: name, message });
}

export function tooLarge(name: string, status: number, maxBytes: number): ServiceError {
  const mib = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  const message = `The service's answer to ${name} is larger than ${mib} MiB and was refused (the limit is the setting serviceAnswerLimitMiB)`;
  return new ServiceError({ status, code: 'invalid_response', operation: name, message });
}

export function aborted(name: string): ServiceError {
  return new ServiceError({
    status: 0,
    code: 'aborted',
    operation: name,
    message: `The call to ${name} was cancelled`,
  });
}
