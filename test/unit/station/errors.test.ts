// A service refusal reaches the renderer as code, message, status and details: the existing record's id included.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/service/client/errors.ts';
import { toIpcError } from '../../../main/station/ipc-errors.ts';

const refusal = (body: unknown) =>
  toIpcError(
    new ServiceError({
      status: 400,
      code: 'duplicate_patient',
      operation: 'patients.create',
      message: 'A patient like this exists.',
      body,
    }),
  ).error;

describe('a service refusal as the renderer gets it', () => {
  it('carries the id of the existing patient a duplicate refusal names, so the screen can offer it', () => {
    const id = '0b6f4c1e-8a44-4d7c-9a55-0d1f2f3a4b5c';
    expect(refusal({ error: 'duplicate_patient', message: 'exists', existing_patient_id: id })).toEqual({
      code: 'duplicate_patient',
      message: 'A patient like this exists.',
      status: 400,
      details: { existing_patient_id: id },
    });
  });

  it('keeps field details as they are and adds nothing else from the body', () => {
    const details = [{ field: 'body.npi', message: 'is not valid' }];
    expect(refusal({ error: 'x', message: 'y', details, token: 'secret', existing_patient_id: 'p' }).details).toEqual(
      details,
    );
    expect(refusal({ error: 'x', message: 'y', token: 'secret' }).details).toBeUndefined();
  });

  it('ignores existing ids that are not short strings', () => {
    expect(refusal({ existing_patient_id: 42, existing_x: 'a'.repeat(500) }).details).toBeUndefined();
  });
});
