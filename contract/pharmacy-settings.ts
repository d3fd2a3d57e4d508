// The pharmacy-wide settings: one value for every station of the pharmacy, kept as `setting_changed` facts in the
// pharmacy's record (contract/pharmacy-record.ts; the newest fact of a setting wins) and written only by an admin the
// service confirmed. The machine policy can lock any of them (then the record is not read for it). Main decides with
// them (main/service/settings/pharmacy-wide.ts); the settings screen shows them (settings:pharmacy).
import { z } from 'zod';
import { labelStock } from './documents.ts';

const detail = (max: number) =>
  z
    .string({ error: `must be text of ${max} characters at most` })
    .trim()
    .min(1, { error: 'must not be blank' })
    .max(max, { error: `is too long (${max} characters at most)` });

const stateCode = z
  .string({ error: 'must be a two-letter state code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter state code (IL, TX…)' });

/** Each pharmacy-wide setting's value as the record keeps it (a value that fails here is never obeyed). */
export const pharmacySettingValues = {
  /** A technician's verification is the final check; false (the default) needs a pharmacist's before a label. */
  techCheckTechAllowed: z.boolean({ error: 'must be true or false' }),
  /** The pharmacy printed on every label: cannot be saved blank. */
  pharmacyName: detail(80),
  pharmacyAddress: detail(160),
  pharmacyPhone: detail(40),
  /** The states the pharmacy may ship to (rules/verification/ship-to-licence.ts). */
  licensedStates: z.array(stateCode).max(60, { error: 'lists at most 60 states' }),
  labelStock,
  /** The longest idle lock any station may use (minutes): a longer one a station chose is shortened to it. */
  maxIdleLockMinutes: z
    .number({ error: 'must be a whole number from 1 to 240' })
    .int({ error: 'must be a whole number from 1 to 240' })
    .min(1, { error: 'must be a whole number from 1 to 240' })
    .max(240, { error: 'must be a whole number from 1 to 240' }),
};
export type PharmacySettingName = keyof typeof pharmacySettingValues;
export const pharmacySettingNames = Object.keys(pharmacySettingValues) as PharmacySettingName[];
export type PharmacySettingValues = { [K in PharmacySettingName]: z.output<(typeof pharmacySettingValues)[K]> };

/** What an admin sends to change some of them (each checked by its own schema in main). */
export const pharmacySettingsPatch = z.strictObject(
  Object.fromEntries(pharmacySettingNames.map((name) => [name, z.unknown().optional()])) as {
    [K in PharmacySettingName]: z.ZodOptional<z.ZodUnknown>;
  },
);
export type PharmacySettingsPatch = Partial<Record<PharmacySettingName, unknown>>;

/** Where a setting's value comes from now. */
export const pharmacySettingSources = ['policy', 'record', 'station', 'default'] as const;

/** One setting as the screen shows it: its value, where it comes from, and the record's newest change of it. */
export const pharmacySettingView = z.strictObject({
  name: z.enum(pharmacySettingNames as [PharmacySettingName, ...PharmacySettingName[]]),
  /** The value in force (null: not set). */
  value: z.unknown(),
  /** policy: locked by the machine policy ("Set by your pharmacy's IT"); station: kept here from before the record. */
  source: z.enum(pharmacySettingSources),
  changed: z.strictObject({ by: z.string(), station: z.string(), at: z.string() }).nullable(),
});
export type PharmacySettingView = z.infer<typeof pharmacySettingView>;
