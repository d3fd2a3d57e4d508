// GET /api/v1/openapi.json: the OpenAPI document of the whole operations table, generated once per process.
import type { openapiOperations } from '../../../contract/service/openapi.ts';
import { operationList } from '../../../contract/service/operations.ts';
import type { Handlers } from '../../http/handler.ts';
import { openApiDocument } from './document.ts';

export function openapiHandlers(): Handlers<{ openapi: typeof openapiOperations }>['openapi'] {
  let document: ReturnType<typeof openApiDocument> | null = null;
  return {
    document() {
      document ??= openApiDocument(operationList);
      return document as { openapi: string; info: { title: string; version: string }; paths: Record<string, unknown> };
    },
  };
}
