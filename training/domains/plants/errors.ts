// The sample plant interface's own error body, `{error: <status>, message}` (spec §7.1), for every refusal of its operations.

/** The service's usual error body, as the pipeline builds it. */
interface ServiceErrorBody {
  message?: unknown;
}

/** Answers a plant operation's refusal as `{error: <int32 status>, message}`; any other operation's body as it is. */
export function formatOperationError(operationName: string, status: number, body: unknown): unknown {
  if (!operationName.startsWith('plants.')) return body;
  const message = (body as ServiceErrorBody | undefined)?.message;
  return { error: status, message: typeof message === 'string' ? message : 'The request failed.' };
}
