// Who signs a verification, decided by main (main/work/verify-runs/who-signs.ts) through the run's port: the signed-in
// person and role, the capability check, the pharmacists' confirmations given at this station (a fake of each, as the
// station's adapter answers), and the real audit log in a temp folder for the refusals it keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPerson } from '../../../../contract/ipc/audit-shapes.ts';
import type { ConfirmationPurpose, SignOffInput } from '../../../../contract/ipc/sign-off.ts';
import type { AuditUser } from '../../../../main/audit/index.ts';
import { StationError } from '../../../../main/platform/errors/station-errors.ts';
import type { RunContext } from '../../../../main/work/verify-runs/run-context.ts';
import type { RunParts } from '../../../../main/work/verify-runs/run-parts.ts';
import {
  checkWhoMayVerify,
  type Signed,
  signBeforeCounting,
  withOwnFinalCheck,
} from '../../../../main/work/verify-runs/who-signs.ts';
import { type Capability, roleMay } from '../../../../rules/capabilities.ts';
import { openAuditRig } from '../../audit/audit-rig.ts';

let audit: Awaited<ReturnType<typeof openAuditRig>>;
beforeAll(async () => {
  audit = await openAuditRig();
});
afterAll(async () => {
  await audit.remove();
});

const people = {
  technician: { id: 'user-tech', email: 'technician@training.local', firstName: 'Taylor', lastName: 'Tech' },
  pharmacist: { id: 'user-rph', email: 'pharmacist@training.local', firstName: 'Parker', lastName: 'Pharmacist' },
  admin: { id: 'user-admin', email: 'admin@training.local', firstName: 'Alex', lastName: 'Admin' },
} satisfies Record<string, AuditUser>;
type Role = keyof typeof people;

const personOf = (user: AuditUser): AuditPerson => ({
  id: user.id,
  email: user.email,
  name: `${user.firstName} ${user.lastName}`,
});

/** A confirmation a pharmacist gave at this station: for one purpose, used once. */
interface Given {
  purpose: ConfirmationPurpose;
  by: AuditUser;
}

/**
 * The run's port as the station answers it, for the parts who-signs reads: the session, the capability check (the
 * rules' `roleMay`), the confirmations (each for its purpose, used up once) and the audit log.
 */
function portFor(role: Role, confirmations: Record<string, Given> = {}): RunParts {
  const parts: Pick<RunParts, 'signedIn' | 'require' | 'takeConfirmation' | 'audit'> = {
    signedIn: () => ({ user: people[role], role, roleConfirmed: true }),
    require(capability: Capability, what: string) {
      if (!roleMay(role, capability)) throw new StationError('forbidden', `Only an admin may ${what}.`);
    },
    takeConfirmation(confirmationId, purpose) {
      const given = confirmations[confirmationId];
      if (!given || JSON.stringify(given.purpose) !== JSON.stringify(purpose)) {
        throw new StationError('forbidden', 'That confirmation was given for something else.');
      }
      delete confirmations[confirmationId];
      return personOf(given.by);
    },
    audit: audit.log,
  };
  // who-signs reads nothing else of the port.
  return parts as RunParts;
}

const context = (orderId: string, status: string | null, picker: Role | null = null): RunContext => ({
  order: { id: orderId, orderNumber: '1000123', status, patientId: null, electronicPrescriptionIds: [] },
  lines: [],
  index: {} as RunContext['index'],
  picker: picker ? { id: people[picker].id, name: null, at: null } : null,
  prescriptions: null,
  offline: false,
});

const reverify = (note: string, confirmationId: string | null = null): SignOffInput => ({
  purpose: 'reverify',
  productId: null,
  note,
  confirmationId,
});
const pickerOverride = (confirmationId: string): SignOffInput => ({
  purpose: 'picker_override',
  productId: null,
  note: 'Night shift, one person on',
  confirmationId,
});

describe('the sign-offs given before counting', () => {
  it("an admin's re-verify is signed by the admin signed in, whatever confirmation the page names", () => {
    const [signed] = signBeforeCounting(
      [reverify('  Label reprinted  ', 'forged')],
      context('o-1', 'shipped'),
      portFor('admin'),
    );
    expect(signed).toEqual({
      input: { purpose: 'reverify', productId: null, note: 'Label reprinted', confirmationId: null },
      by: personOf(people.admin),
    });
  });

  it('a technician cannot sign a re-verify', () => {
    expect(() =>
      signBeforeCounting([reverify('Label reprinted')], context('o-2', 'shipped'), portFor('technician')),
    ).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });

  it("a picker override is the confirming pharmacist's, and the confirmation serves once", () => {
    const confirmations: Record<string, Given> = {
      'conf-1': { purpose: { kind: 'picker_override', orderId: 'o-3' }, by: people.pharmacist },
    };
    const port = portFor('technician', confirmations);
    const [signed] = signBeforeCounting([pickerOverride('conf-1')], context('o-3', 'picked', 'technician'), port);
    expect(signed?.by).toEqual(personOf(people.pharmacist));
    expect(signed?.input).toMatchObject({ purpose: 'picker_override', confirmationId: 'conf-1' });
    expect(() => signBeforeCounting([pickerOverride('conf-1')], context('o-3', 'picked'), port)).toThrow(
      'given for something else',
    );
  });

  it('a confirmation given for another order does not override this one', () => {
    const confirmations: Record<string, Given> = {
      'conf-2': { purpose: { kind: 'picker_override', orderId: 'another' }, by: people.pharmacist },
    };
    expect(() =>
      signBeforeCounting([pickerOverride('conf-2')], context('o-4', 'picked'), portFor('technician', confirmations)),
    ).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });

  it('the person verifying cannot give the picker override to themselves: refused, and the refusal kept', () => {
    const confirmations: Record<string, Given> = {
      'conf-3': { purpose: { kind: 'picker_override', orderId: 'o-5' }, by: people.pharmacist },
    };
    expect(() =>
      signBeforeCounting([pickerOverride('conf-3')], context('o-5', 'picked'), portFor('pharmacist', confirmations)),
    ).toThrow('cannot override for themselves');
    const [kept] = audit.log.refusals({ subject: 'o-5' });
    expect(kept).toMatchObject({
      purpose: 'picker_override',
      reason: 'own_pick',
      confirmed_email: people.pharmacist.email,
    });
  });
});

describe("the pharmacist's own final check", () => {
  const none: Signed[] = [];

  it('a pharmacist recording an order verified adds their final check, from the session', () => {
    const signed = withOwnFinalCheck(none, 'verified', portFor('pharmacist'));
    expect(signed).toEqual([
      {
        input: { purpose: 'final_check', productId: null, note: 'Verified by a pharmacist', confirmationId: null },
        by: personOf(people.pharmacist),
      },
    ]);
  });

  it("a technician's verification and a pharmacist's discrepancy add none", () => {
    expect(withOwnFinalCheck(none, 'verified', portFor('technician'))).toEqual([]);
    expect(withOwnFinalCheck(none, 'discrepancy', portFor('pharmacist'))).toEqual([]);
  });
});

describe('who may verify the order now', () => {
  const signedAs = (purpose: Signed['input']['purpose']): Signed => ({
    input: { purpose, productId: null, note: 'given', confirmationId: null },
    by: personOf(people.pharmacist),
  });

  it('an order past verification only with a re-verify', () => {
    expect(() => checkWhoMayVerify(context('o-6', 'shipped'), [], portFor('admin'))).toThrow('past verification');
    expect(() => checkWhoMayVerify(context('o-6', 'shipped'), [signedAs('reverify')], portFor('admin'))).not.toThrow();
  });

  it('the person the history names as the picker only with a pharmacist’s override; anyone else freely', () => {
    const picked = context('o-7', 'picked', 'technician');
    expect(() => checkWhoMayVerify(picked, [], portFor('technician'))).toThrow('You picked this order');
    expect(() => checkWhoMayVerify(picked, [signedAs('picker_override')], portFor('technician'))).not.toThrow();
    expect(() => checkWhoMayVerify(picked, [], portFor('pharmacist'))).not.toThrow();
  });
});
