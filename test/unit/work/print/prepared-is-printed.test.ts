// Over generated orders and prints, through main's print channels (main/work/print/print-channels.ts), a real audit log in
// SQLite and the renderer's own document sheet: the preview draws the content main prepared, the copy printed is that
// content, and the print record's hash covers exactly it. The service's answers are the generated data.

import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, type DocumentContent } from '../../../../contract/document-content.ts';
import type { DocumentRef } from '../../../../contract/documents.ts';
import type { AnyOperation } from '../../../../contract/service/operation.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../../kits/signed-facts/signed-facts.ts';
import { type AuditLog, createAuditLog } from '../../../../main/audit/index.ts';
import { createEmbeddedRecord } from '../../../../main/events/record/embedded-record.ts';
import { RecordView } from '../../../../main/events/record/record-view.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import type { ServiceCaller } from '../../../../main/service/calls/service-calls.ts';
import { capabilityRefusal } from '../../../../main/service/session/capability.ts';
import { defaultSettings } from '../../../../main/service/settings/index.ts';
import { WITHHELD_PATIENT } from '../../../../main/work/print/document-content.ts';
import { printChannels } from '../../../../main/work/print/print-channels.ts';
import type { PrintParts } from '../../../../main/work/print/print-parts.ts';
import { createPrintTickets } from '../../../../main/work/print/print-tickets.ts';
import { DocumentSheet } from '../../../../renderer/documents/DocumentSheet.tsx';

const PHARMACIST = { id: 'u-ph', email: 'pharmacist@training.local', firstName: 'Parker', lastName: 'Pharmacist' };
let dataDir: string;
let audit: AuditLog;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'prepared-printed-'));
  audit = createAuditLog({ dataDir, serviceId: 'training', log: createLogger({ scope: 'audit', write: () => {} }) });
});
afterAll(async () => {
  audit.close();
  await rm(dataDir, { recursive: true, force: true });
});

const text = fc.string({ minLength: 1, maxLength: 24 });
const setText = text.filter((value) => value.trim() !== '');
const maybeText = fc.option(text, { nil: null });
const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const uuid = fc.uuid();

/** One order with its patient, one of its prescriptions, and whether this station verified its line. */
const sample = fc.record({
  orderId: uuid,
  orderNumber: fc.integer({ min: 1_000_000, max: 9_999_999 }).map(String),
  patientId: uuid,
  erxId: uuid,
  productId: uuid,
  prescriptionId: uuid,
  sku: text,
  quantity: fc.integer({ min: 1, max: 120 }),
  drug: text,
  strength: maybeText,
  sig: maybeText,
  units: maybeText,
  refills: fc.option(fc.integer({ min: 0, max: 11 }), { nil: null }),
  fillsRemaining: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
  expiresAt: fc.option(day, { nil: null }),
  patient: fc.record({ first_name: maybeText, last_name: maybeText }),
  prescriber: fc.option(fc.record({ first_name: maybeText, last_name: maybeText }), { nil: null }),
  controlled: fc.boolean(),
  verified: fc.boolean(),
  orderAsRead: fc.boolean(),
  barcode: fc.stringMatching(/^PRESCRIPTION-[0-9a-f]{8}$/),
  kind: fc.constantFrom('prescription_label', 'packing_slip'),
  // Set details (blank ones are "Pharmacy details missing": no content at all, tested in pharmacy-details.test.ts).
  pharmacy: fc.record({ name: setText, address: setText, phone: setText }),
});
type Sample = typeof sample extends fc.Arbitrary<infer T> ? T : never;

function serviceOf(s: Sample) {
  const order = {
    id: s.orderId,
    order_number: s.orderNumber,
    patient: { id: s.patientId, ...s.patient },
    electronic_prescription_ids: [s.erxId],
    products: { prescription: [{ id: s.productId, sku: s.sku, name: s.drug, quantity: s.quantity }] },
  };
  const prescription = {
    id: s.prescriptionId,
    patient_id: s.patientId,
    electronic_prescription_id: s.erxId,
    prescription_product_id: s.productId,
    // Reviewed by a pharmacist at the service: the pharmacist's gate lets its label through.
    status: 'reviewed',
    drug_name: s.drug,
    strength: s.strength,
    sig: s.sig,
    units: s.units,
    quantity: s.quantity,
    refills: s.refills,
    fills_remaining: s.fillsRemaining,
    expires_at: s.expiresAt,
    patient: { id: s.patientId, ...s.patient },
    prescriber: s.prescriber,
    product: { id: s.productId, is_controlled_substance: s.controlled },
  };
  return async (operation: string): Promise<unknown> => {
    if (operation === 'orders.get') return order;
    if (operation === 'prescriptions.get') return prescription;
    if (operation === 'barcodes.list') return [{ value: s.barcode, is_active: true }];
    throw new Error(`no generated answer for ${operation}`);
  };
}

/** The pharmacy's record of a station of its own (in memory): it holds no review here, so this station's log decides. */
const record = createEmbeddedRecord({
  view: new RecordView(':memory:'),
  stationName: 'Station 1',
  key: stationKeyFromSeed(newStationSeed()),
});

function partsOf(s: Sample): PrintParts {
  const state = { status: 'signed_in' as const, user: PHARMACIST, role: 'pharmacist', roleConfirmed: true };
  const noBins = () => {
    throw new Error('no drill document in this property');
  };
  return {
    audit,
    record,
    drillDocuments: { content: noBins, prints: noBins, record: noBins },
    zplLabelPrinter: null,
    signedIn: () => state,
    require: (capability, what) => {
      const refusal = capabilityRefusal(
        { ...state, expiresAt: null, keychain: 'memory', capabilities: [] },
        capability,
        what,
      );
      if (refusal) throw new Error(refusal);
    },
    takeConfirmation: () => {
      throw new Error('no confirmation in this property');
    },
    tickets: createPrintTickets(),
    settings: async () => ({
      ...defaultSettings,
      pharmacyName: s.pharmacy.name,
      pharmacyAddress: s.pharmacy.address,
      pharmacyPhone: s.pharmacy.phone,
    }),
    pharmacyRules: () => ({ techCheckTechAllowed: false }),
    // The stand-in answers by the operation's name; the station's reader is typed by the operation.
    read: ((operation: AnyOperation) => serviceOf(s)(operation.name)) as ServiceCaller,
    write: async () => {
      throw new Error('nothing is written in this property');
    },
    printer: undefined,
    now: () => Date.parse('2026-11-27T09:00:00Z'),
    taskName: () => null,
    log: createLogger({ scope: 'print', write: () => {} }),
  };
}

const drawn = (content: DocumentContent) => renderToStaticMarkup(createElement(DocumentSheet, { content }));
const escaped = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
/** Every word and number the content says (its kind, stock and line ids are how it is drawn, not what it says). */
const leaves = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'number'
      ? [String(value)]
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, item]) => (['kind', 'stock', 'id'].includes(key) ? [] : leaves(item)))
        : [];

describe('a document prepared in main', () => {
  it('is drawn, printed and hashed as one content', async () => {
    await fc.assert(
      fc.asyncProperty(sample, async (s) => {
        const parts = partsOf(s);
        if (s.verified && s.kind === 'prescription_label') {
          const line = { productId: s.productId, sku: s.sku, expected: s.quantity, scanned: s.quantity };
          const scan = { code: s.sku, entry: 'scanner', quantity: s.quantity, result: 'counted', matchedBy: 'sku' };
          audit.record(
            {
              orderId: s.orderId,
              orderNumber: s.orderNumber,
              outcome: 'verified',
              lines: [{ ...line, controlled: false }],
              scans: [{ ...scan, productId: s.productId, lotId: null, lot: null, expiry: null, stop: null }],
              taskRef: null,
            },
            PHARMACIST,
            [],
            // What main's run read of the order (half the time; an earlier record has none and the order is read).
            s.orderAsRead ? { offline: false, patientId: s.patientId, electronicPrescriptionIds: [s.erxId] } : null,
          );
        }
        const document: DocumentRef =
          s.kind === 'prescription_label'
            ? { kind: 'prescription_label', orderId: s.orderId, prescriptionId: s.prescriptionId }
            : { kind: 'packing_slip', orderId: s.orderId };
        const prepared = await printChannels.prepare({ document }, parts);
        expect(prepared.content).not.toBeNull();
        const content = prepared.content as DocumentContent;
        const preview = drawn(content);
        for (const leaf of leaves(content)) expect(preview).toContain(escaped(leaf));
        const override = prepared.allowed ? null : { confirmationId: null, note: 'Checked by hand' };
        const printed = await printChannels.document(
          {
            ticket: prepared.ticket as string,
            output: 'pdf',
            override,
            reprint: prepared.copies > 0 ? { reason: 'other', note: 'another generated copy' } : null,
          },
          parts,
        );
        // A refused label's preview holds no live barcode and no patient; the copy printed on the override is the label.
        const withheld = { barcode: '', patient: WITHHELD_PATIENT };
        expect(prepared.preview ? { ...printed.content, ...withheld } : printed.content).toEqual(content);
        if (!prepared.preview) expect(drawn(printed.content)).toBe(preview);
        else expect(preview).toContain('No barcode: a preview');
        const hash = createHash('sha256').update(canonicalJson(printed.content)).digest('hex');
        expect(printed.contentHash).toBe(hash);
        const [record] = audit.prints(document, 1);
        expect(record).toMatchObject({ id: printed.recordId, contentHash: hash });
      }),
      { numRuns: 60 },
    );
  });
});
