// The station settings the printed documents need: the pharmacy printed on every label, the label stock, and which
// printer each kind of document goes to (label printers are usually dedicated). Spread into the settings schema.
import { z } from 'zod';
import { documentKinds, labelStock } from '../documents.ts';

const printedLine = (max: number) =>
  z
    .string({ error: `must be text of ${max} characters at most` })
    .trim()
    .min(1, { error: 'must not be empty (clear it instead)' })
    .max(max, { error: `is too long (${max} characters at most)` })
    .nullable();

/** A printer's name as the system lists it; null: ask in the system print dialog each time. */
const printerName = z
  .string({ error: 'must be a printer name' })
  .trim()
  .min(1, { error: 'must not be empty (clear it to use the print dialog)' })
  .max(200, { error: 'is too long (200 characters at most)' })
  .nullable();

/** A US state or territory as the service writes it: two letters (stored upper case). */
const stateCode = z
  .string({ error: 'must be a two-letter state code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter state code (IL, TX…)' });

export const documentSettingsFields = {
  /** Printed at the top of every prescription label (a label without it does not print). */
  pharmacyName: printedLine(80),
  pharmacyAddress: printedLine(160),
  pharmacyPhone: printedLine(40),
  /**
   * The states the pharmacy is licensed to ship to (rules/verification/ship-to-licence.ts): an order to any other stops
   * before verification. Empty: not set, not checked.
   */
  licensedStates: z.array(stateCode).max(60, { error: 'lists at most 60 states' }),
  /** The stock the prescription label is laid out for. */
  labelStock,
  /** Per kind of document, the printer to print to without a dialog; null for the system dialog. */
  printers: z.strictObject(
    Object.fromEntries(documentKinds.map((kind) => [kind, printerName])) as {
      [K in (typeof documentKinds)[number]]: typeof printerName;
    },
  ),
};

export const documentSettingsPatch = {
  pharmacyName: z.string().max(200).nullable().optional(),
  pharmacyAddress: z.string().max(300).nullable().optional(),
  pharmacyPhone: z.string().max(100).nullable().optional(),
  licensedStates: z.array(z.string().max(10)).max(60).optional(),
  labelStock: labelStock.optional(),
  /** The whole table (every kind), as the settings screen shows it. */
  printers: documentSettingsFields.printers.optional(),
};

export const defaultDocumentSettings = {
  pharmacyName: null,
  pharmacyAddress: null,
  pharmacyPhone: null,
  licensedStates: [] as string[],
  labelStock: '4x2.5' as const,
  printers: { prescription_label: null, packing_slip: null, lot_label: null, staff_badge: null },
};

/** The document settings fields: only an admin changes what every label says and where it prints. */
export const documentSettingNames: readonly string[] = Object.keys(documentSettingsFields);
