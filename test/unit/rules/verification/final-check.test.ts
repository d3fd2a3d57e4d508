// Tech-check-tech: where it is allowed, any verification is the final check; where it is not, only one a pharmacist
// signed as their final check is, whatever other sign-offs it carries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finalCheckRefusal } from '../../../../rules/verification/final-check.ts';

const purpose = fc.constantFrom('controlled_count', 'picker_override', 'reverify', 'final_check');

describe('the final check a label needs', () => {
  it('is there when tech-check-tech is allowed, or when a pharmacist signed the final check', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(purpose, { maxLength: 4 }), (allowed, purposes) => {
        const refusal = finalCheckRefusal(allowed, { signOffs: purposes.map((p) => ({ purpose: p })) }, 'Lisinopril');
        expect(refusal === null).toBe(allowed || purposes.includes('final_check'));
        if (refusal) expect(refusal).toContain('Lisinopril was verified by a technician');
      }),
    );
  });
});
