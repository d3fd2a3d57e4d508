// A verification run as main keeps and decides it (main/work/verify-runs/verification.ts), through small fakes of a
// run's port (run-parts.ts): the service's answers for one order, who is signed in, the pharmacy around the run, the
// stock queue, main's clock. The runs' store and the audit log are the real SQLite ones in a temp folder and the
// pharmacy's record the real embedded one in memory, so what is kept and recorded is what main keeps and records.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyOperation } from '../../../../contract/service/operation.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../../kits/signed-facts/signed-facts.ts';
import { type AuditLog, createAuditLog } from '../../../../main/audit/index.ts';
import { createEmbeddedRecord } from '../../../../main/events/record/embedded-record.ts';
import { RecordView } from '../../../../main/events/record/record-view.ts';
import { StationError } from '../../../../main/platform/errors/station-errors.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import type { ServiceReader } from '../../../../main/service/calls/service-calls.ts';
import type { RunParts } from '../../../../main/work/verify-runs/run-parts.ts';
import { createVerifyRuns, type VerifyRuns } from '../../../../main/work/verify-runs/runs-repository.ts';
import { verification } from '../../../../main/work/verify-runs/verification.ts';
import { countsOf, type VerifyRun } from '../../../../rules/verification/run.ts';

const TECHNICIAN = { id: 'u-tech', email: 'technician@training.local', firstName: 'Terry', lastName: 'Tech' };

let dataDir: string;
let audit: AuditLog;
let runs: VerifyRuns;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'verification-'));
  const log = createLogger({ scope: 'verify', write: () => {} });
  audit = createAuditLog({ dataDir, serviceId: 'training', log });
  runs = createVerifyRuns({ dataDir, serviceId: 'training' });
});
afterAll(async () => {
  audit.close();
  runs.close();
  await rm(dataDir, { recursive: true, force: true });
});

const record = createEmbeddedRecord({
  view: new RecordView(':memory:'),
  stationName: 'Station 1',
  key: stationKeyFromSeed(newStationSeed()),
});

let orders = 0;
/** An order of one prescription line of 30 (OK to fill at the service), and a product of the catalogue not on it. */
function anOrder() {
  orders += 1;
  const id = (what: string) => `${what}-${orders}`;
  const line = { id: id('product'), sku: `AMOX-${orders}`, name: 'Amoxicillin 500 mg capsule', quantity: 30 };
  const other = { id: id('other'), sku: `LISI-${orders}`, name: 'Lisinopril 10 mg tablet' };
  const order = {
    id: id('order'),
    order_number: String(2_000_000 + orders),
    status: 'received',
    patient: { id: id('patient'), first_name: 'Pat', last_name: 'Doe' },
    electronic_prescription_ids: [id('erx')],
    products: { prescription: [line] },
  };
  const erx = {
    id: id('erx'),
    prescriptions: [{ id: id('rx'), status: 'reviewed', prescription_product_id: line.id }],
  };
  return { order, erx, line, other };
}
type AnOrder = ReturnType<typeof anOrder>;

/** What the run's port was asked to do around the run (shared with the other stations, stock queued). */
interface Seen {
  shared: string[];
  stock: unknown[];
}

function partsFor(sample: AnOrder, seen: Seen = { shared: [], stock: [] }): RunParts {
  const answers: Record<string, unknown> = {
    'orders.get': sample.order,
    'products.list': { prescription: [sample.line, sample.other] },
    'inventory.list': {},
    'orders.statusHistory': [],
    'prescriptions.getElectronic': sample.erx,
  };
  const read = async (operation: AnyOperation) => {
    if (!(operation.name in answers)) throw new StationError('not_found', `no answer for ${operation.name}`);
    return { value: answers[operation.name], asOf: null };
  };
  return {
    runs,
    audit,
    record,
    signedIn: () => ({ user: TECHNICIAN, role: 'technician', roleConfirmed: true }),
    // The stand-in answers by the operation's name; the station's reader is typed by the operation.
    read: read as unknown as ServiceReader,
    require: () => {},
    takeConfirmation: () => {
      throw new StationError('forbidden', 'No pharmacist confirmed anything here.');
    },
    pharmacy: {
      watch: () => {},
      open: async () => {},
      changedUnder: () => null,
      share: (kind, orderId) => {
        seen.shared.push(`${kind} ${orderId}`);
      },
      release: () => {},
    },
    isOffline: () => false,
    takeStock: async (change) => {
      seen.stock.push(change);
    },
    taskName: () => null,
    now: () => Date.parse('2026-06-15T10:00:00Z'),
    licensedStates: async () => [],
  };
}

/** What main's run counted of the product, by the rules' own count. */
const counted = (view: { run: Pick<VerifyRun, 'scans'> }, productId: string) => countsOf(view.run).get(productId) ?? 0;

describe('a verification run in main', () => {
  it('counts a scan of the line’s SKU once, and keeps the count before it answers', async () => {
    const sample = anOrder();
    const parts = partsFor(sample);
    await verification.start(sample.order.id, [], parts);
    const view = await verification.scan({ orderId: sample.order.id, text: sample.line.sku, entry: 'scanner' }, parts);
    expect(counted(view, sample.line.id)).toBe(1);
    expect(view.said?.tone).toBe('good');
    const kept = runs.load(TECHNICIAN.id, sample.order.id)?.run as { run: unknown };
    expect(kept.run).toEqual(view.run);
  });

  it('reads a count typed before the code from the text and, the line complete, records the order verified', async () => {
    const sample = anOrder();
    const seen: Seen = { shared: [], stock: [] };
    const parts = partsFor(sample, seen);
    await verification.start(sample.order.id, [], parts);
    const view = await verification.scan(
      { orderId: sample.order.id, text: `30*${sample.line.sku}`, entry: 'typed' },
      parts,
    );
    expect(counted(view, sample.line.id)).toBe(30);
    expect(view.run.recorded).toMatchObject({ outcome: 'verified' });
    const [entry] = audit.list({ orderId: sample.order.id });
    expect(entry).toMatchObject({ outcome: 'verified', lines: [{ productId: sample.line.id, scanned: 30 }] });
    expect(record.verificationOf(sample.order.id)?.person.id).toBe(TECHNICIAN.id);
    expect(seen.shared).toEqual([`verified ${sample.order.id}`]);
  });

  it('refuses a text that is no code with the rule’s words, and counts nothing', async () => {
    const sample = anOrder();
    const parts = partsFor(sample);
    await verification.start(sample.order.id, [], parts);
    for (const [text, words] of [
      ['0*X', 'A count before * is 1 to 9999; 0 was typed.'],
      ['12*', 'Scan the product after the count.'],
    ]) {
      await expect(
        verification.scan({ orderId: sample.order.id, text: text as string, entry: 'typed' }, parts),
      ).rejects.toMatchObject({ code: 'invalid_input', message: words });
    }
    const kept = runs.load(TECHNICIAN.id, sample.order.id)?.run as { run: { scans: unknown[] } };
    expect(kept.run.scans).toEqual([]);
  });

  it('stops on a product that is not on the order, keeps a scan made behind the stop, and counts it once the stop is let go', async () => {
    const sample = anOrder();
    const seen: Seen = { shared: [], stock: [] };
    const parts = partsFor(sample, seen);
    await verification.start(sample.order.id, [], parts);
    const stopped = await verification.scan(
      { orderId: sample.order.id, text: sample.other.sku, entry: 'scanner' },
      parts,
    );
    expect(stopped.run.pending).toMatchObject({ kind: 'not_on_order' });
    const behind = await verification.scan(
      { orderId: sample.order.id, text: `5*${sample.line.sku}`, entry: 'typed' },
      parts,
    );
    expect(behind.said).toMatchObject({ tone: 'info' });
    expect(behind.said?.text).toContain(`Kept: ${sample.line.sku} is counted once`);
    expect(counted(behind, sample.line.id)).toBe(0);
    const answered = await verification.answerStop(
      {
        orderId: sample.order.id,
        reason: 'removed',
        note: 'Put back on the shelf',
        taskRef: null,
        confirmationId: null,
      },
      parts,
    );
    expect(answered.run.pending).toBeNull();
    expect(counted(answered, sample.line.id)).toBe(5);
    expect(audit.stops({ orderId: sample.order.id })).toMatchObject([{ kind: 'not_on_order', reason: 'removed' }]);
    expect(seen.shared).toEqual([`stop_raised ${sample.order.id}`]);
  });

  it('lets a stop go only with a reason that fits it: a wrong product is never waved through as a corrected count', async () => {
    const sample = anOrder();
    const parts = partsFor(sample);
    await verification.start(sample.order.id, [], parts);
    await verification.scan({ orderId: sample.order.id, text: sample.other.sku, entry: 'scanner' }, parts);
    const answer = { orderId: sample.order.id, note: '', taskRef: null, confirmationId: null };
    await expect(verification.answerStop({ ...answer, reason: 'count_corrected' }, parts)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(verification.answerStop({ ...answer, reason: 'pharmacist_approved' }, parts)).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(audit.stops({ orderId: sample.order.id })).toEqual([]);
  });
});
