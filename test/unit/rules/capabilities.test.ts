// The role → capability table: a technician holds none of the guarded actions, an unknown role holds nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capabilities, capabilitiesOf, roleMay, roles, rolesWith } from '../../../rules/capabilities.ts';

describe('capabilities', () => {
  it('every capability is held by some role, and a technician holds none of them', () => {
    for (const capability of capabilities) {
      expect(rolesWith(capability).length).toBeGreaterThan(0);
      expect(roleMay('technician', capability)).toBe(false);
    }
  });
  it('a pharmacist allows an unverified label and decides reviews; an admin exports, rotates and re-verifies', () => {
    expect(roleMay('pharmacist', 'allow_unverified_label')).toBe(true);
    expect(roleMay('admin', 'allow_unverified_label')).toBe(false);
    expect(roleMay('admin', 'manage_webhook_secret')).toBe(true);
    expect(roleMay('pharmacist', 'reverify')).toBe(false);
  });
  it('a role the table does not name (or none) holds nothing', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string(), { nil: null }).filter((role) => !(roles as readonly (string | null)[]).includes(role)),
        fc.constantFrom(...capabilities),
        (role, capability) => {
          expect(roleMay(role, capability)).toBe(false);
        },
      ),
    );
  });
  it('a pharmacist and an admin change licenses and judge risk factors; only an admin runs training and settings', () => {
    for (const role of ['pharmacist', 'admin']) {
      expect(roleMay(role, 'change_licenses')).toBe(true);
      expect(roleMay(role, 'judge_risk_factors')).toBe(true);
    }
    expect(rolesWith('control_training')).toEqual(['admin']);
    expect(rolesWith('change_settings')).toEqual(['admin']);
  });
  it('the list the session answer carries is exactly what the table lets the role do', () => {
    fc.assert(
      fc.property(fc.option(fc.constantFrom(...roles, 'owner', ''), { nil: null }), (role) => {
        expect(capabilitiesOf(role)).toEqual(capabilities.filter((capability) => roleMay(role, capability)));
      }),
    );
    expect(capabilitiesOf('technician')).toEqual([]);
    expect(capabilitiesOf(null)).toEqual([]);
  });
});
