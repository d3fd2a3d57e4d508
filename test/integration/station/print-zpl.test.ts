// A prescription label to a Zebra printer the machine policy names: through the real station and training service, the
// label goes as ZPL (rules/documents/label-zpl.ts) to the port's raw send (the CUPS or port 9100 step, recorded here),
// drawn from the very content the print record's hash covers, with the prescription's own barcode in its DataMatrix;
// nothing goes through the page's PDF path, and the record names the printer it went to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentRef, documentKeyOf } from '../../../contract/documents.ts';
import type { DocumentPrinter, PrintJob } from '../../../main/work/print/printer-port.ts';
import { zplFieldData } from '../../../rules/documents/zpl-text.ts';
import { contentOf, stationCalls } from '../support/station-calls.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
const TARGET = 'tcp://zebra-bench-2.pharmacy.example:9100';
let rig: StationRig;
const jobs: PrintJob[] = [];
const raw: { target: string; data: string }[] = [];
const printer: DocumentPrinter = {
  print: async (job) => {
    jobs.push(job);
    return { printed: true, problem: null };
  },
  savePdf: async (job) => ({ savedTo: `/tmp/${job.suggestedName}` }),
  printRaw: async (target, data) => {
    raw.push({ target, data });
    return { printed: true, problem: null };
  },
};
const { value } = stationCalls(() => rig);
let label: DocumentRef;

beforeAll(async () => {
  rig = await startStationRig(
    {
      printer,
      policy: {
        file: '/etc/fulfillment-station/policy.json',
        policy: { zplLabelPrinter: { target: TARGET, dotsPerMm: 8 } },
        ignoredFields: [],
      },
    },
    { freshInstall: true },
  );
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  const orders = await value('orders:list', { query: { page_size: 100, status: 'received' } });
  for (const candidate of orders) {
    const product = candidate.products?.prescription?.[0];
    if (!product || product.is_controlled_substance) continue;
    const erx = await value('prescriptions:getElectronic', {
      params: { electronic_prescription_id: candidate.electronic_prescription_ids?.[0] ?? '' },
    });
    const match = erx.prescriptions?.find((p) => p.prescription_product_id === product.id);
    if (match) {
      label = { kind: 'prescription_label', orderId: candidate.id, prescriptionId: match.id };
      // Reviewed "OK to fill" by the pharmacist first, as every label needs.
      await verifyDriver(() => rig).review(candidate);
      break;
    }
  }
  expect(label, 'a received order whose prescription is on file').toBeTruthy();
});
afterAll(() => rig.close());

describe('a label printer the policy names as speaking ZPL', () => {
  it('gets the label as ZPL, drawn from the recorded content, and the record names it', async () => {
    const confirmation = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: { kind: 'print_override', documentKey: documentKeyOf(label) },
    });
    const prepared = await value('print:prepare', { document: label });
    const { ticket } = prepared;
    if (!ticket) throw new Error('main gave no ticket for a label the pharmacist allowed');
    // Refused until the pharmacist allows it: the preview has no barcode; the copy main answers is the label.
    expect(contentOf(prepared, 'prescription_label').barcode).toBe('');
    const printed = await value('print:document', {
      ticket,
      output: 'print',
      override: { confirmationId: confirmation.confirmationId, note: 'Checked the vial against the prescription' },
    });
    const content = contentOf(printed, 'prescription_label');
    expect(content.barcode).toMatch(/^PRESCRIPTION-/);
    expect(printed).toMatchObject({ copy: 1, handledBy: 'station', problem: null });
    expect(jobs).toEqual([]);
    expect(raw).toHaveLength(1);
    const [sent] = raw;
    expect(sent?.target).toBe(TARGET);
    expect(sent?.data).toMatch(/^\^XA\n\^CI28\n/);
    expect(sent?.data).toContain(`^BXN,6,200^FH_^FD${zplFieldData(content.barcode)}^FS`);
    expect(sent?.data).toContain(zplFieldData(content.patient));
    const [record] = await value('print:history', { document: label });
    expect(record).toMatchObject({ copy: 1, printer: TARGET, contentHash: printed.contentHash });
  });

  it('a PDF of the same label still goes through the page', async () => {
    const confirmation = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: { kind: 'print_override', documentKey: documentKeyOf(label) },
    });
    const { ticket } = await value('print:prepare', { document: label });
    if (!ticket) throw new Error('main gave no ticket for a label the pharmacist allowed');
    const saved = await value('print:document', {
      ticket,
      output: 'pdf',
      override: { confirmationId: confirmation.confirmationId, note: 'A copy for the file' },
      reprint: { reason: 'other', note: 'A copy for the file' },
    });
    expect(saved.savedTo).toMatch(/prescription-label-copy-2\.pdf$/);
    expect(raw).toHaveLength(1);
  });
});
