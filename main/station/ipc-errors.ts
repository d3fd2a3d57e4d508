// Every failure as the IpcError the renderer gets: a code and a message a person can read, never a token or a stack.
// Only the dispatcher (station.ts) answers with it.
import type { z } from 'zod';
import type { IpcError, IpcErrorCode } from '../../contract/ipc.ts';
import { StationError } from '../platform/errors/station-errors.ts';
import { type ClientErrorCode, isServiceError, type ServiceError } from '../service/client/index.ts';
import { OutboxError } from '../service/outbox/index.ts';
import { isSessionError } from '../service/session/index.ts';
import { SettingsError } from '../service/settings/index.ts';
import { VerifyRunError } from '../work/verify-runs/runs-repository.ts';

export interface FieldIssue {
  field: string;
  message: string;
}

/** Zod's issues as `{ field, message }`, naming the field (`body.due_date`) and never quoting the value given. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: at ? `${at}.${key}` : key, message: 'is not expected here' }));
    }
    return [{ field: at || '(input)', message: issue.message }];
  });
}

export function invalidInput(channel: string, error: z.ZodError): IpcError {
  const details = fieldIssues(error);
  const listed = details.slice(0, 5).map((issue) => `${issue.field}: ${issue.message}`);
  return { code: 'invalid_input', message: `${channel} was refused: ${listed.join('; ')}`, details };
}

/** The ids a refusal names for the person to open instead (`existing_patient_id` on a duplicate patient). */
const EXISTING_ID = /^existing_[a-z_]{1,40}$/;

/**
 * The `details` of the service's error body (which field, why), plus any `existing_*` id it names at the top level:
 * the rest repeats code and message.
 */
function serviceDetails(error: ServiceError): unknown {
  const body = error.body;
  if (!body || typeof body !== 'object') return undefined;
  const details = 'details' in body ? (body as { details: unknown }).details : undefined;
  const existing = Object.entries(body).filter(
    ([key, value]) => EXISTING_ID.test(key) && typeof value === 'string' && value.length <= 200,
  );
  if (existing.length === 0 || Array.isArray(details)) return details;
  const named = Object.fromEntries(existing);
  return details && typeof details === 'object' ? { ...details, ...named } : named;
}

function withOptional(error: IpcError): IpcError {
  const out: IpcError = { code: error.code, message: error.message };
  if (error.status !== undefined && error.status > 0) out.status = error.status;
  if (error.details !== undefined && error.details !== null) out.details = error.details;
  return out;
}

/** The client's own codes for a call that got no proper answer: every one of them has its meaning here. */
const CLIENT_CODES = {
  network: 'offline',
  timeout: 'timeout',
  aborted: 'aborted',
  invalid_request: 'invalid_input',
  invalid_response: 'invalid_response',
  unauthenticated: 'unauthenticated',
  refresh_failed: 'service_error',
} as const satisfies Record<ClientErrorCode, IpcErrorCode>;
const clientCodes = new Map<string, IpcErrorCode>(Object.entries(CLIENT_CODES));

/** The service's HTTP status as a meaning from the closed list: the renderer never reads statuses. */
export function serviceCode(error: ServiceError): IpcErrorCode {
  if (error.status === 0) return clientCodes.get(error.code) ?? 'service_error';
  if (error.code === 'duplicate_patient' || error.code === 'refresh_refused') return error.code;
  if (error.status === 404) return 'not_found';
  if (error.status === 410) return 'expired';
  if (error.status === 409) return 'conflict';
  if (error.status === 403) return 'forbidden';
  if (error.status === 401) return 'unauthenticated';
  if (error.status === 429) return 'rate_limited';
  if (error.status >= 500) return 'service_error';
  return 'refused';
}

/**
 * Known errors keep their code and message (the service client's are already redacted, and no header is ever copied);
 * anything else becomes `internal` with a plain message, and `unknown` answers whether it was one of those.
 */
export function toIpcError(error: unknown): { error: IpcError; known: boolean } {
  if (isServiceError(error)) {
    return {
      error: withOptional({
        code: serviceCode(error),
        message: error.message,
        status: error.status,
        details: serviceDetails(error),
      }),
      known: true,
    };
  }
  if (error instanceof StationError) {
    return { error: withOptional({ code: error.code, message: error.message, details: error.details }), known: true };
  }
  // Their codes are unions of the contract's closed list: the assignment here is where the compiler checks that.
  if (isSessionError(error) || error instanceof OutboxError) {
    return { error: { code: error.code, message: error.message }, known: true };
  }
  if (error instanceof VerifyRunError) {
    return { error: { code: 'invalid_input', message: error.message }, known: true };
  }
  if (error instanceof SettingsError) {
    return { error: { code: 'invalid_input', message: error.message, details: error.issues }, known: true };
  }
  return {
    error: { code: 'internal', message: 'Something went wrong in the station; the log has the details.' },
    known: false,
  };
}
