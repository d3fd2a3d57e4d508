// The service client's public surface: import from here, not from the files behind it.

export { createRedactor, type Redactor, redactText, redactValue } from '../../platform/log/redact.ts';
export { bindServiceClient, createServiceClient, type OperationCaller } from './client.ts';
export { createDriftLog, DRIFT_KINDS_KEPT, type DriftEntry, type DriftLog } from './drift.ts';
export { type ClientErrorCode, codeForStatus, isServiceError, ServiceError, type ServiceErrorInit } from './errors.ts';
export { readPagination, WALK_PAGE_LIMIT_WITHOUT_TOTAL } from './pagination.ts';
export type { RawInput } from './request.ts';
export { checkedInput } from './request.ts';
export { DEFAULT_RETRY, parseRetryAfter, type RetrySettings } from './retry.ts';
export { createSingleFlight, type SingleFlight } from './single-flight.ts';
export { type DriftNote, type ReadResult, readTolerantly } from './tolerant-read.ts';
export type {
  CallArgs,
  CallInput,
  OperationCall,
  OperationTable,
  Page,
  PaginatedCall,
  Pagination,
  ServiceClient,
  ServiceClientOptions,
  ServiceLogger,
  TokenSource,
} from './types.ts';
