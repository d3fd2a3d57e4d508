// The settings-by-role rule, over any patch fast-check makes up: signed out only the service choice passes; a
// technician's save passes exactly when all it changes is the idle lock, lowered; an admin's always passes, once the
// service confirmed the role; an admin role read back from disk alone may only lower the idle lock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultSettings, type SettingsPatch } from '../../../contract/ipc/settings.ts';
import { changedSettings, settingsRefusal } from '../../../rules/settings-access.ts';

const saved = { ...defaultSettings, idleLockMinutes: 10 };
const patches = fc.record(
  {
    backend: fc.constantFrom('training' as const, 'custom' as const),
    listenerPort: fc.integer({ min: 1024, max: 65535 }),
    idleLockMinutes: fc.integer({ min: 1, max: 240 }),
    scannerPrefix: fc.option(fc.constantFrom('~', ']C'), { nil: null }),
    serviceAnswerLimitMiB: fc.integer({ min: 1, max: 1024 }),
    pharmacyName: fc.option(fc.constant('Maple Street'), { nil: null }),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<SettingsPatch>;

describe('who may change which setting', () => {
  it('signed out or locked: nothing but the service choice', () => {
    fc.assert(
      fc.property(
        patches,
        fc.constantFrom('signed_out', 'locked'),
        fc.constantFrom(null, 'admin'),
        (patch, status, role) => {
          const changed = changedSettings(saved, patch);
          const refusal = settingsRefusal(saved, patch, { status, role, roleConfirmed: role !== null });
          const allowed = changed.every((field) => field === 'backend' || field === 'baseUrl');
          expect(refusal === null).toBe(allowed);
        },
      ),
    );
  });

  it('a technician, a pharmacist, or an admin the service has not confirmed: only a lower idle lock', () => {
    const people = fc.constantFrom(
      { role: 'technician', roleConfirmed: true },
      { role: 'pharmacist', roleConfirmed: true },
      { role: null, roleConfirmed: false },
      { role: 'admin', roleConfirmed: false },
    );
    fc.assert(
      fc.property(patches, people, (patch, person) => {
        const changed = changedSettings(saved, patch);
        const refusal = settingsRefusal(saved, patch, { status: 'signed_in', ...person });
        const allowed =
          changed.every((field) => field === 'idleLockMinutes') &&
          (patch.idleLockMinutes === undefined || patch.idleLockMinutes <= saved.idleLockMinutes);
        expect(refusal === null).toBe(allowed);
        for (const issue of refusal?.details ?? []) expect(changed).toContain(issue.field);
      }),
    );
  });

  it('an admin the service confirmed: anything', () => {
    fc.assert(
      fc.property(patches, (patch) => {
        expect(settingsRefusal(saved, patch, { status: 'signed_in', role: 'admin', roleConfirmed: true })).toBeNull();
      }),
    );
  });

  it('an admin role read back from this station is told to wait for the service, and may lower the idle lock', () => {
    const unconfirmed = { status: 'signed_in', role: 'admin', roleConfirmed: false };
    const refusal = settingsRefusal(saved, { idleLockMinutes: 240, listenerPort: 5000 }, unconfirmed);
    expect(refusal?.message).toContain('has not confirmed it');
    expect(refusal?.details.map((issue) => issue.field)).toEqual(['listenerPort', 'idleLockMinutes']);
    expect(settingsRefusal(saved, { idleLockMinutes: 5 }, unconfirmed)).toBeNull();
  });

  it('a value equal to the saved one is no change, spelled as the schema stores it', () => {
    expect(
      changedSettings(
        { ...saved, backend: 'custom', baseUrl: 'https://a.example' },
        { baseUrl: ' https://a.example/ ' },
      ),
    ).toEqual([]);
  });
});
