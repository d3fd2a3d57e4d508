// The labels' DataMatrix: any value comes back as path data only (moves and lines in a square), never markup, and a
// value bwip-js cannot encode is null (the label then says so in words).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataMatrixModules } from '../../../../renderer/documents/DataMatrix.tsx';

describe('dataMatrixModules', () => {
  it('draws a service value as a square of modules', () => {
    const shape = dataMatrixModules('PRESCRIPTION-6a790e62-6f6b-450f-9212-6a207dc85ea2-42f87180');
    expect(shape).not.toBeNull();
    const [, , width, height] = (shape?.viewBox ?? '').split(' ').map(Number);
    expect(width).toBe(height);
    expect(shape?.d).toMatch(/^M[\d. MLZ]+$/);
  });

  it('answers path data or null for any string, hostile ones included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 120 }), fc.constant('"><script>alert(1)</script>')), (value) => {
        const shape = dataMatrixModules(value);
        if (shape === null) return;
        expect(shape.d).toMatch(/^[MLZ\d. ]+$/);
        expect(shape.viewBox).toMatch(/^[\d. ]+$/);
      }),
      { numRuns: 200 },
    );
  });
});
