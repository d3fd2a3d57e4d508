// A scripted shift with the service frozen in the middle, in Chromium through the browser shell: open orders, freeze
// the service (SIGSTOP), rescan them and some unknown codes, queue task writes (some with order numbers typed as
// links), reload in the middle of a verification, resume (SIGCONT), kill and restart the service once; then count,
// in the service's own tables, what arrived once, twice or never.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import playwrightConfig from '../../../playwright.config.ts';
import { watchBridge } from '../../bench/lib/bridge-idle.ts';
import { armScanProbe, installScanProbe, type ScanTiming } from '../../bench/lib/scan-probe.ts';
import { summarize } from '../../bench/lib/stats.ts';
import { type Order, type Line as Product, withLines } from '../../e2e/label-steps.ts';
import { reviewOrders } from '../../e2e/review-steps.ts';
import { call, scan, signIn } from '../../e2e/support.ts';
import { armStatusProbe, type ProbedWindow, recordConnectivity } from './page-probes.ts';
import { ensureRendererBuilt, startOfflineStack } from './stack.ts';
import { countOnService, type ShiftWrites } from './tally.ts';

export interface ShiftOptions {
  opened: number;
  unknown: number;
  creates: number;
  updates: number;
}

export interface ShiftResult {
  /** Frozen while nobody asks the service anything: from SIGSTOP to the page being told offline (the station's probe). */
  idleDetectedMs: number;
  detectedMs: number;
  cachedScansP95: number;
  unknownScansP95: number;
  queued: number;
  synced: number;
  duplicated: number;
  lost: number;
  verificationResumed: boolean;
  /** What went wrong along the way (empty when the shift ran as scripted). */
  problems: string[];
}

const orderMain = (page: Page) => page.locator('main[aria-label="Order"]');

/** When the page was first told the station is (or is back) `online` at or after `since`; NaN if not within `withinMs`. */
async function toldAt(page: Page, online: boolean, since: number, withinMs: number): Promise<number> {
  const by = Date.now() + withinMs;
  while (Date.now() < by) {
    const changes = await page.evaluate(() => (window as unknown as ProbedWindow).__connectivity.changes);
    const found = changes.find((c) => c.online === online && c.at >= since);
    if (found) return found.at;
    await new Promise((done) => setTimeout(done, 100));
  }
  return Number.NaN;
}

async function scanToOrder(page: Page, orderNumber: string): Promise<ScanTiming> {
  await page.evaluate(armScanProbe, orderNumber);
  await scan(page, orderNumber);
  return page.evaluate(() => (window as unknown as { __scanProbe: { done: Promise<ScanTiming> } }).__scanProbe.done);
}

async function backToScan(page: Page): Promise<void> {
  await page.keyboard.press('Alt+1');
  await orderMain(page).waitFor({ state: 'detached' });
}

async function preparePage(page: Page): Promise<void> {
  await page.evaluate(installScanProbe);
  await page.evaluate(recordConnectivity);
}

async function openVerification(page: Page, order: Order): Promise<void> {
  await scanToOrder(page, order.order_number);
  await page.keyboard.press('Alt+V');
  await page.getByRole('heading', { name: `Verify order ${order.order_number}` }).waitFor();
}

export async function runOfflineShift(options: ShiftOptions): Promise<ShiftResult> {
  ensureRendererBuilt();
  const workDir = mkdtempSync(join(tmpdir(), 'station-fault-offline-'));
  const stack = await startOfflineStack(workDir, Math.max(60, options.opened + 10));
  let browser: Browser | undefined;
  const problems: string[] = [];
  try {
    browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, stack.shellUrl, 'technician');
    await preparePage(page);
    const bridge = watchBridge(page);

    // Online: what the shift needs, then every order opened once (the station reads and keeps them).
    const orders = (await call(page, 'orders', 'list', { query: { page_size: options.opened + 20 } })).map(withLines);
    // One a technician may count: not yet picked (so nobody's pick bars them), no controlled line (a pharmacist counts
    // those), and a prescription line of two or more.
    const verifyOrder = orders.find(
      (o) =>
        (o.status === 'received' || o.status === 'data_entry') &&
        (o.products.prescription?.[0]?.quantity ?? 0) >= 2 &&
        !(o.products.prescription ?? []).some(
          (p) => (p as { is_controlled_substance?: boolean }).is_controlled_substance,
        ),
    ) as Order;
    if (!verifyOrder) throw new Error('no order a technician may verify with a prescription line of two or more');
    // A pharmacist's "OK to fill" first (the pharmacist's gate), then the technician's shift goes on.
    await reviewOrders(page, () => stack.shellUrl, [verifyOrder], 'technician');
    await preparePage(page);
    const opened = [verifyOrder, ...orders.filter((o) => o.id !== verifyOrder.id)].slice(0, options.opened);
    const categories = await call(page, 'tasks', 'categories');
    const existing = await call(page, 'tasks', 'list', { query: { page_size: options.updates } });
    for (const order of opened) {
      await scanToOrder(page, order.order_number);
      await bridge.idle();
      await backToScan(page);
    }
    // The verify screen once online, so its catalogue and lots are among what the station read.
    await openVerification(page, verifyOrder);
    await bridge.idle();
    await backToScan(page);

    // Frozen while idle: nobody scans, the station's own probe finds it out; then thawed, it comes back by itself.
    const idleFrozenAt = Date.now();
    stack.freeze();
    const idleOfflineAt = await toldAt(page, false, idleFrozenAt, 20_000);
    if (Number.isNaN(idleOfflineAt)) problems.push('frozen while idle, the page was never told the station is offline');
    stack.resume();
    if (Number.isNaN(await toldAt(page, true, Date.now() - 1, 20_000))) problems.push('thawed, it did not come back');

    // Frozen: the first rescan finds it out; the time is from SIGSTOP to the page being told.
    const frozenAt = Date.now();
    stack.freeze();
    const cached: number[] = [];
    for (const order of opened) {
      cached.push((await scanToOrder(page, order.order_number)).painted);
      await backToScan(page);
    }
    const changes = await page.evaluate(() => (window as unknown as ProbedWindow).__connectivity.changes);
    const offlineAt = changes.find((c) => !c.online && c.at >= frozenAt)?.at;
    if (offlineAt === undefined) problems.push('the page was never told the station is offline');
    const unknownScans: number[] = [];
    for (let i = 0; i < options.unknown; i++) {
      const code = `NOPE-${Date.now().toString(36)}-${i}`;
      await page.evaluate(armStatusProbe, `Not opened: ${code}`);
      await scan(page, code);
      unknownScans.push(await page.evaluate(() => (window as unknown as ProbedWindow).__statusProbe));
    }

    // Task writes while frozen: creates (every other one with an order number typed as its link) and updates.
    const runId = Date.now().toString(36);
    const writes: ShiftWrites = { runId, creates: [], updates: [] };
    const entries: { id: string; state: string }[] = [];
    for (let i = 0; i < options.creates; i++) {
      const name = `Offline shift ${runId} task ${i}`;
      const linked = i % 2 === 0 ? opened[i % opened.length] : undefined;
      const body = { name, category_code: categories[0]?.code ?? 'T01' };
      const write = linked
        ? { kind: 'create' as const, body, references: { order_id: linked.order_number } }
        : { kind: 'create' as const, body };
      entries.push(await call(page, 'tasks', 'enqueue', write));
      writes.creates.push({ name, orderId: linked?.id ?? null });
    }
    for (const [i, task] of existing.slice(0, options.updates).entries()) {
      const description = `Offline shift ${runId} update ${i}`;
      entries.push(await call(page, 'tasks', 'enqueue', { kind: 'update', taskId: task.id, body: { description } }));
      writes.updates.push({ taskId: task.id, description });
    }
    const queued = entries.filter((e) => e.state === 'queued').length;

    // A verification counted, the page reloaded in the middle of it, and the count is still there.
    await openVerification(page, verifyOrder);
    const rx = verifyOrder.products.prescription?.[0] as Product;
    await scan(page, rx.sku as string);
    const line = page.getByRole('row', { name: new RegExp(`\\(${rx.sku}\\)|${rx.sku}`) }).first();
    await line.filter({ hasText: `1 / ${rx.quantity}` }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await preparePage(page);
    await openVerification(page, verifyOrder);
    const resumed = await line
      .filter({ hasText: `1 / ${rx.quantity}` })
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    await backToScan(page).catch(() => page.keyboard.press('Alt+1'));

    // Resumed: the queue drains by itself; then the service is killed and restarted once.
    stack.resume();
    const ids = new Set(entries.map((e) => e.id));
    const doneCount = async () =>
      (await call(page, 'outbox', 'list')).entries.filter((e) => ids.has(e.id) && e.state === 'done').length;
    let synced = await doneCount();
    const drainBy = Date.now() + 60_000;
    while (synced < ids.size && Date.now() < drainBy) {
      await new Promise((done) => setTimeout(done, 200));
      synced = await doneCount();
    }
    await stack.killAndRestart();
    // The station finds the restarted service by itself (a probe each second after the next call fails).
    const backBy = Date.now() + 20_000;
    let online = false;
    while (!online && Date.now() < backBy) {
      await call(page, 'orders', 'list', { query: { page_size: 1 } }).catch(() => null);
      online = (await call(page, 'connectivity', 'state')).online;
      if (!online) await new Promise((done) => setTimeout(done, 200));
    }
    if (!online) problems.push('the station did not come back online after the service was restarted');
    const tally = await countOnService(stack.trainingUrl, writes);
    problems.push(...tally.problems);

    return {
      idleDetectedMs: idleOfflineAt - idleFrozenAt,
      detectedMs: offlineAt === undefined ? Number.NaN : offlineAt - frozenAt,
      cachedScansP95: Math.round(summarize(cached).p95),
      unknownScansP95: Math.round(summarize(unknownScans).p95),
      queued,
      synced,
      duplicated: tally.duplicated,
      lost: tally.lost,
      verificationResumed: resumed,
      problems,
    };
  } finally {
    await browser?.close();
    await stack.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

export function shiftLine(result: ShiftResult): string {
  return (
    `offline shift: idle detected in ${result.idleDetectedMs} ms, detected in ${result.detectedMs} ms, cached scans p95 ${result.cachedScansP95} ms, ` +
    `unknown scans p95 ${result.unknownScansP95} ms, writes queued ${result.queued}, synced ${result.synced}, ` +
    `duplicated ${result.duplicated}, lost ${result.lost}, verification resumed ${result.verificationResumed ? 'yes' : 'no'}`
  );
}
