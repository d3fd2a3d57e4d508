// Stored JSON read back through a schema: the value as stored when it fits, a clear refusal naming what was read when not.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseStoredJson, StoredJsonError } from '../../../../kits/json/stored-json.ts';

const finding = z.strictObject({ check: z.string(), status: z.enum(['pass', 'warn', 'fail']) });

describe('stored JSON read through a schema', () => {
  it('answers a stored review finding as it was stored, its keys in their stored order (a seal over it still holds)', () => {
    const stored = '{"status":"warn","check":"allergy"}';
    const read = parseStoredJson(finding, stored, 'a review finding');
    expect(read).toEqual({ check: 'allergy', status: 'warn' });
    expect(JSON.stringify(read)).toBe(stored);
  });

  it('refuses text that is not JSON, saying what was being read', () => {
    expect(() => parseStoredJson(finding, '{"check": "allergy", ', 'review r1 findings')).toThrow(
      new StoredJsonError('review r1 findings is not valid JSON'),
    );
  });

  it('refuses JSON of another shape with the path that is wrong, never the value found there', () => {
    const read = () => parseStoredJson(z.array(finding), '[{"check":"allergy","status":"Jane Roe"}]', 'the findings');
    expect(read).toThrow(StoredJsonError);
    expect(read).toThrow(/^the findings is not of the expected shape at 0\.status: /);
    expect(read).not.toThrow(/Jane Roe/);
  });
});
