// May this document print now (main/work/print/print-gate.ts `decidePrint`), decided through small fakes of printing's
// port (print-parts.ts): the service's answers, the pharmacy's settings and rules, who is signed in, the record's
// reachability and final checks. The audit log (SQLite in a temp folder) and the pharmacy's record (in memory) are
// the real ones, so "verified at this station" is what main recorded.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRef } from '../../../../contract/documents.ts';
import type { AnyOperation } from '../../../../contract/service/operation.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../../kits/signed-facts/signed-facts.ts';
import { type AuditLog, createAuditLog } from '../../../../main/audit/index.ts';
import { createEmbeddedRecord } from '../../../../main/events/record/embedded-record.ts';
import type { RecordStatus } from '../../../../main/events/record/record.ts';
import { RecordView } from '../../../../main/events/record/record-view.ts';
import { StationError } from '../../../../main/platform/errors/station-errors.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import type { ServiceCaller } from '../../../../main/service/calls/service-calls.ts';
import { defaultSettings, type Settings } from '../../../../main/service/settings/index.ts';
import { decidePrint } from '../../../../main/work/print/print-gate.ts';
import type { PrintParts } from '../../../../main/work/print/print-parts.ts';
import { createPrintTickets } from '../../../../main/work/print/print-tickets.ts';

const TECHNICIAN = { id: 'u-tech', email: 'technician@training.local', firstName: 'Terry', lastName: 'Tech' };
const PHARMACY = { pharmacyName: 'Main Street Pharmacy', pharmacyAddress: '1 Main St', pharmacyPhone: '555-0100' };
const SET: Settings = { ...defaultSettings, ...PHARMACY };

let dataDir: string;
let audit: AuditLog;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'print-gate-'));
  audit = createAuditLog({ dataDir, serviceId: 'training', log: createLogger({ scope: 'audit', write: () => {} }) });
});
afterAll(async () => {
  audit.close();
  await rm(dataDir, { recursive: true, force: true });
});

const record = createEmbeddedRecord({
  view: new RecordView(':memory:'),
  stationName: 'Station 1',
  key: stationKeyFromSeed(newStationSeed()),
});

let orders = 0;
/** One order of one prescription line, "OK to fill" at the service (reviewed), with ids of its own. */
function anOrder() {
  orders += 1;
  const id = (what: string) => `${what}-${orders}`;
  const order = {
    id: id('order'),
    order_number: String(1_000_000 + orders),
    status: 'received',
    patient: { id: id('patient'), first_name: 'Pat', last_name: 'Doe' },
    electronic_prescription_ids: [id('erx')],
    products: { prescription: [{ id: id('product'), sku: id('SKU'), name: 'Amoxicillin 500 mg', quantity: 30 }] },
  };
  const prescription = {
    id: id('rx'),
    patient_id: order.patient.id,
    electronic_prescription_id: id('erx'),
    prescription_product_id: id('product'),
    status: 'reviewed',
    drug_name: 'Amoxicillin',
    strength: '500 mg',
    quantity: 30,
    patient: order.patient,
    product: { id: id('product'), is_controlled_substance: false },
  };
  const label: DocumentRef = { kind: 'prescription_label', orderId: order.id, prescriptionId: prescription.id };
  return { order, prescription, label };
}
type AnOrder = ReturnType<typeof anOrder>;

/** The line counted complete in a verification main recorded at this station, by a technician. */
function verifiedAtThisStation({ order }: AnOrder) {
  const line = order.products.prescription[0] as { id: string; sku: string; quantity: number };
  audit.record(
    {
      orderId: order.id,
      orderNumber: order.order_number,
      outcome: 'verified',
      lines: [{ productId: line.id, sku: line.sku, expected: 30, scanned: 30, controlled: false }],
      scans: [
        {
          code: line.sku,
          entry: 'scanner',
          quantity: 30,
          result: 'counted',
          matchedBy: 'sku',
          productId: line.id,
          lotId: null,
          lot: null,
          expiry: null,
          stop: null,
        },
      ],
      taskRef: null,
    },
    TECHNICIAN,
    [],
    { offline: false, patientId: order.patient.id, electronicPrescriptionIds: order.electronic_prescription_ids },
  );
}

interface Fakes {
  settings?: Settings;
  techCheckTech?: boolean;
  status?: RecordStatus;
  finalChecked?: { order_id: string; prescription_id: string; outcome: string }[];
  /** Every operation the gate asked of the service, by name. */
  asked?: string[];
  /** Capabilities the gate asked for, each refused. */
  required?: string[];
}

function partsFor(sample: AnOrder | null, fakes: Fakes = {}): PrintParts {
  const asked = fakes.asked ?? [];
  const read = async (operation: AnyOperation) => {
    asked.push(operation.name);
    if (sample && operation.name === 'orders.get') return sample.order;
    if (sample && operation.name === 'prescriptions.get') return sample.prescription;
    if (operation.name === 'patients.riskFactors') return [];
    throw new StationError('not_found', `no answer for ${operation.name}`);
  };
  const refused = () => {
    throw new Error('not asked of the gate');
  };
  return {
    audit,
    record: {
      latestReview: (id) => record.latestReview(id),
      station: record.station,
      append: (draft) => record.append(draft),
      status: () => fakes.status ?? { state: 'embedded', pending: 0, conflicts: 0 },
      factsOf: ((kind: string) => (kind === 'final_checked' ? (fakes.finalChecked ?? []) : [])) as never,
    },
    drillDocuments: { content: refused, prints: refused, record: refused },
    signedIn: () => ({ user: TECHNICIAN, role: 'technician' }),
    require: (capability, what) => {
      fakes.required?.push(capability);
      throw new StationError('forbidden', `Your role may not ${what}.`);
    },
    takeConfirmation: refused,
    tickets: createPrintTickets(),
    settings: async () => fakes.settings ?? SET,
    pharmacyRules: () => ({ techCheckTechAllowed: fakes.techCheckTech ?? false }),
    // The stand-in answers by the operation's name; the station's reader is typed by the operation.
    read: read as unknown as ServiceCaller,
    write: refused,
    printer: undefined,
    zplLabelPrinter: null,
    taskName: () => null,
    now: () => Date.parse('2026-11-27T09:00:00Z'),
    log: createLogger({ scope: 'print', write: () => {} }),
  };
}

describe('the print gate in main', () => {
  it('refuses a label while the pharmacy’s name, address and phone are not set, before reading anything of it', async () => {
    const sample = anOrder();
    const asked: string[] = [];
    const parts = partsFor(sample, { settings: { ...SET, pharmacyPhone: '' }, asked });
    const { check, line } = await decidePrint(sample.label, { ...SET, pharmacyPhone: '' }, parts);
    expect(check).toMatchObject({ allowed: false, blockedBy: 'pharmacy_missing' });
    expect(check.reason).toMatch(/phone/i);
    expect(line).toBeNull();
    expect(asked).toEqual([]);
  });

  it('does not let a label print for a line no verification at this station counted complete', async () => {
    const sample = anOrder();
    const { check, line } = await decidePrint(sample.label, SET, partsFor(sample));
    expect(check).toMatchObject({ allowed: false, blockedBy: 'not_verified', copies: 0 });
    expect(check.reason).toContain(`Not verified yet: Amoxicillin`);
    expect(check.reason).toContain(`order ${sample.order.order_number}`);
    expect(line?.verifiedBy).toBeNull();
  });

  it('prints a technician’s verification as awaiting the pharmacist’s final check, where tech-check-tech is not allowed', async () => {
    const sample = anOrder();
    verifiedAtThisStation(sample);
    const { check } = await decidePrint(sample.label, SET, partsFor(sample, { techCheckTech: false }));
    expect(check).toMatchObject({ allowed: true, blockedBy: null });
    expect(check.awaitingFinalCheck).toContain('verified by a technician');
  });

  it('lets the label of a technician’s verification print where tech-check-tech is allowed', async () => {
    const sample = anOrder();
    verifiedAtThisStation(sample);
    const { check, line } = await decidePrint(sample.label, SET, partsFor(sample, { techCheckTech: true }));
    expect(check).toEqual({
      allowed: true,
      reason: null,
      blockedBy: null,
      copies: 0,
      lastPrintedAt: null,
      awaitingFinalCheck: null,
    });
    expect(line?.verifiedBy?.orderId).toBe(sample.order.id);
  });

  it('makes the label final once a pharmacist’s final check by scan passed in the pharmacy’s record, at any station', async () => {
    const sample = anOrder();
    verifiedAtThisStation(sample);
    const passed = [{ order_id: sample.order.id, prescription_id: sample.prescription.id, outcome: 'passed' }];
    const failed = [{ ...passed[0], outcome: 'failed' }] as typeof passed;
    const released = await decidePrint(sample.label, SET, partsFor(sample, { finalChecked: passed }));
    expect(released.check).toMatchObject({ allowed: true, blockedBy: null, awaitingFinalCheck: null });
    const stopped = await decidePrint(sample.label, SET, partsFor(sample, { finalChecked: failed }));
    expect(stopped.check).toMatchObject({ allowed: true, blockedBy: null });
    expect(stopped.check.awaitingFinalCheck).toContain('verified by a technician');
  });

  it('asks a pharmacist at the station while the pharmacy record cannot be reached, even for a label otherwise allowed', async () => {
    const sample = anOrder();
    verifiedAtThisStation(sample);
    const away: RecordStatus = { state: 'unreachable', since: '2026-11-27T08:55:00.000Z', pending: 2, conflicts: 0 };
    const { check } = await decidePrint(sample.label, SET, partsFor(sample, { techCheckTech: true, status: away }));
    expect(check).toMatchObject({ allowed: false, blockedBy: 'record_unreachable' });
    expect(check.reason).toContain('since 2026-11-27T08:55:00.000Z');
    const back = await decidePrint(sample.label, SET, partsFor(sample, { techCheckTech: true }));
    expect(back.check.allowed).toBe(true);
  });

  it('gives no label at all, not even to an override, for a prescription a pharmacist has not made "OK to fill"', async () => {
    const sample = anOrder();
    verifiedAtThisStation(sample);
    const unreviewed = { ...sample, prescription: { ...sample.prescription, status: 'pending_review' } };
    await expect(decidePrint(sample.label, SET, partsFor(unreviewed, { techCheckTech: true }))).rejects.toMatchObject({
      code: 'not_allowed',
    });
  });

  it('prints another person’s staff badge only for a role that may print any badge; one’s own needs no more', async () => {
    const required: string[] = [];
    const theirs: DocumentRef = { kind: 'staff_badge', userId: 'u-someone-else' };
    await expect(decidePrint(theirs, SET, partsFor(null, { required }))).rejects.toMatchObject({ code: 'forbidden' });
    expect(required).toEqual(['print_any_badge']);
    const own: DocumentRef = { kind: 'staff_badge', userId: TECHNICIAN.id };
    const { check } = await decidePrint(own, SET, partsFor(null, { required }));
    expect(check).toMatchObject({ allowed: true, blockedBy: null });
    expect(required).toEqual(['print_any_badge']);
  });
});
