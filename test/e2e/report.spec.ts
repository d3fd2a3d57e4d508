// The orders report as a manager meets it: last month's charts match the service's numbers, the CSV says the same,
// a backwards range is caught before sending, and a run while the service is away keeps the last report, marked.
import { readFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { SIMULATION_STEP_MAX_MINUTES } from '../../contract/service/training.ts';
import { parseCsv } from '../unit/renderer/report/csv-reader.ts';
import { asTrainingAdmin, call, expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

interface Counted {
  id: string;
  name: string;
  count: number;
}
interface Report {
  total_orders: number;
  orders_by_status: { status: string; count: number }[];
  orders_by_product: Record<'prescription' | 'non_prescription' | 'order_material', Counted[]>;
}

const kinds = [
  { kind: 'prescription', title: 'Prescription products', short: 'Prescription' },
  { kind: 'non_prescription', title: 'Non-prescription products', short: 'Non-prescription' },
  { kind: 'order_material', title: 'Order materials', short: 'Order material' },
] as const;

let station: Station;
let context: BrowserContext;
let page: Page;
let lastMonth: { start: string; end: string };
let expected: Report;

/** Last month as the station counts it: by the local calendar of the service clock (paused here: the wall clock). */
async function lastMonthOnServiceClock(): Promise<{ start: string; end: string }> {
  const state = await call(page, 'training', 'simulationState');
  return page.evaluate((now) => {
    const at = new Date(now);
    const first = new Date(at.getFullYear(), at.getMonth() - 1, 1);
    const last = new Date(at.getFullYear(), at.getMonth(), 0);
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    return { start: day(first), end: day(last) };
  }, state.simulated_now);
}

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  // Anything the CSP blocks (an inline style recharts might set, a blob: download) is recorded here. Left out: zod's
  // probe for `new Function` (it catches the refusal and parses without it), which is not the report's doing.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI === 'eval') return;
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page = await context.newPage();
  await signIn(page, station.url, 'pharmacist');
  lastMonth = await lastMonthOnServiceClock();
  expected = (await call(page, 'reports', 'orders', {
    query: { start_date: lastMonth.start, end_date: lastMonth.end },
  })) as Report;
  if (!(expected.total_orders > 0)) throw new Error(`the demo data has no orders from ${lastMonth.start}`);
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

const results = () => page.getByRole('region', { name: /–|to today|first order/ });
const statusFigure = () => page.getByRole('figure', { name: 'Orders by status' });

test('Alt+8 opens the report; a start after the end is explained beside the date and nothing is sent', async () => {
  await page.keyboard.press('Alt+8');
  await expect(page.getByRole('heading', { name: 'Orders report', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Orders by status' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Total orders' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Top products' })).toBeChecked();

  await page.getByLabel('From', { exact: true }).fill(lastMonth.end);
  await page.getByLabel('To', { exact: true }).fill(lastMonth.start);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert')).toContainText('is after the end date');
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(statusFigure()).toHaveCount(0);

  // Nothing chosen to include is caught the same way.
  await page.getByLabel('From', { exact: true }).fill(lastMonth.start);
  await page.getByLabel('To', { exact: true }).fill(lastMonth.end);
  for (const name of ['Orders by status', 'Total orders', 'Top products']) {
    await page.getByRole('checkbox', { name }).uncheck();
  }
  await page.getByRole('button', { name: /Run report/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose at least one part of the report.');
  await expect(statusFigure()).toHaveCount(0);
  for (const name of ['Orders by status', 'Total orders', 'Top products']) {
    await page.getByRole('checkbox', { name }).check();
  }
});

test('Alt+L runs last month: the bars and the tables show the numbers the service answered', async () => {
  await page.keyboard.press('Alt+L');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(lastMonth.start);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(lastMonth.end);
  await expect(page.getByRole('button', { name: /Last month/ })).toHaveAttribute('aria-pressed', 'true');

  await expect(results()).toBeVisible();
  const heading = await results().getByRole('heading', { level: 2 }).first().textContent();
  expect(heading).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText(
    `Orders${expected.total_orders.toLocaleString('en-US')}`,
  );

  // Orders by status: one bar per status with orders, and the table has every status's count.
  const status = statusFigure();
  const withOrders = expected.orders_by_status.filter((s) => s.count > 0);
  await expect(status.locator('svg.recharts-surface')).toBeVisible();
  await expect(status.locator('.recharts-bar-rectangle path')).toHaveCount(withOrders.length);
  const statusRows = status.getByRole('table', { name: 'Orders by status' }).locator('tbody tr');
  await expect(statusRows).toHaveCount(expected.orders_by_status.length);
  const shownCounts = await statusRows.locator('td').allTextContents();
  expect(shownCounts.map(Number)).toEqual(expected.orders_by_status.map((s) => s.count));

  // Top products per kind: a chart of the busiest ten, and the same names and numbers in its table.
  for (const { kind, title } of kinds) {
    const figure = page.getByRole('figure', { name: title, exact: true });
    const top = expected.orders_by_product[kind].slice(0, 10);
    if (top.length === 0) {
      await expect(figure).toContainText('None ordered in this range.');
      continue;
    }
    await expect(figure.locator('.recharts-bar-rectangle path')).toHaveCount(top.length);
    const rows = figure.getByRole('table', { name: title, exact: true }).locator('tbody tr');
    await expect(rows.locator('th')).toHaveText(top.map((p) => p.name));
    await expect(rows.locator('td')).toHaveText(top.map((p) => p.count.toLocaleString('en-US')));
  }

  // The tables are there for screen readers; Alt+N shows them on screen too.
  await expect(status.getByRole('table')).not.toBeInViewport();
  await page.keyboard.press('Alt+N');
  await status.getByRole('table').scrollIntoViewIfNeeded();
  await expect(status.getByRole('table')).toBeInViewport();
  await expectAccessible(page, 'orders report with tables');
  await page.keyboard.press('Alt+N');
  await page.evaluate(() => window.scrollTo(0, 0));

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  await expectAccessible(page, 'orders report');
  await shoot(page, 'report', { fullPage: true });
});

test('Alt+E exports the report as CSV with the same numbers', async () => {
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Alt+E');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`orders-report-${lastMonth.start}-to-${lastMonth.end}.csv`);
  await expect(page.getByRole('status').filter({ hasText: 'to your downloads' }).first()).toBeAttached();

  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(text.slice(1));
  expect(rows[0]).toEqual(['Section', 'Status or product', 'Product ID', 'Orders']);
  expect(rows).toContainEqual(['Date range', `${lastMonth.start} to ${lastMonth.end}`, '', '']);
  expect(rows).toContainEqual(['Total', 'All orders', '', String(expected.total_orders)]);
  expect(rows.filter((r) => r[0] === 'Status').map((r) => Number(r[3]))).toEqual(
    expected.orders_by_status.map((s) => s.count),
  );
  for (const { kind, short } of kinds) {
    const products = rows.filter((r) => r[0] === short).map((r) => ({ id: r[2], name: r[1], count: Number(r[3]) }));
    expect(products).toEqual(expected.orders_by_product[kind].map((p) => ({ id: p.id, name: p.name, count: p.count })));
  }
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test('a run while the service is away says why and keeps last month on screen, marked as old', async () => {
  await station.training.stop();
  try {
    await page.keyboard.press('Control+Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'The report could not be run' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Still showing the report for');
    await expect(page.getByText(/^As of .+, offline:/)).toBeVisible();
    await expect(statusFigure().locator('.recharts-bar-rectangle path')).not.toHaveCount(0);
  } finally {
    await station.training.start();
  }
  // The station finds the service back by itself (a probe each second); then the run goes through.
  await expect(page.locator('.conn-button')).toContainText('Online');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'The report could not be run' })).toHaveCount(0);
  await expect(page.getByText(/^As of .+, offline:/)).toHaveCount(0);
  await expect(statusFigure().getByRole('table').locator('tbody tr')).toHaveCount(expected.orders_by_status.length);
});

/**
 * Moves the service clock (the training simulation, which the presets count from) forward to noon of `day`, a week at
 * most per step (a trainer's control: the admin's), then reloads so the screen reads the clock again. Noon leaves
 * half a day either side of midnight, so the time of day the spec runs at does not matter.
 */
async function serviceClockTo(day: (now: Date) => Date): Promise<string> {
  const { simulated_now } = await call(page, 'training', 'simulationState');
  const target = day(new Date(simulated_now));
  target.setHours(12, 0, 0, 0);
  let now = new Date(simulated_now);
  while (target.getTime() - now.getTime() >= 60_000 && localDay(now) !== localDay(target)) {
    const minutes = Math.min(SIMULATION_STEP_MAX_MINUTES, Math.floor((target.getTime() - now.getTime()) / 60_000));
    const stepped = await asTrainingAdmin<{ state: { simulated_now: string } }>(
      station.training,
      'POST',
      '/api/v1/training/simulation/step',
      { minutes },
    );
    now = new Date(stepped.state.simulated_now);
  }
  await page.reload();
  const signedIn = page.getByRole('button', { name: 'Sign out' });
  await expect(signedIn.or(page.getByLabel('Email'))).toBeVisible();
  if (!(await signedIn.isVisible())) await signIn(page, station.url, 'pharmacist');
  await page.keyboard.press('Alt+8');
  await expect(page.getByRole('heading', { name: 'Orders report', level: 1 })).toBeVisible();
  return localDay(target);
}

/** A range as the report heads it (and a day as its "Today is" names it) ("Dec 1 – 31, 2026", "Jan 1, 2027"), in the page's own locale. */
function rangeHeading(start: string, end: string): Promise<string> {
  return page.evaluate(
    ([from, to]) => {
      const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
      const day = (d: string) => new Date(`${d}T00:00:00.000Z`);
      return from === to ? format.format(day(from)) : format.formatRange(day(from), day(to));
    },
    [start, end] as const,
  );
}

/** YYYY-MM-DD on this machine's calendar, as the station reads a day. */
function localDay(at: Date): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

const monthEnds = [
  { when: 'on the last day of a month', day: (now: Date) => new Date(now.getFullYear(), now.getMonth() + 1, 0) },
  { when: 'on the first day of a month', day: (now: Date) => new Date(now.getFullYear(), now.getMonth() + 1, 1) },
];

for (const { when, day } of monthEnds) {
  test(`Alt+M and Alt+T fill this month and today, and run them, ${when}`, async () => {
    const today = await serviceClockTo(day);
    // The screen has read the service clock: its "Today is" names that day.
    await expect(page.locator('#report-dates-hint')).toContainText(`Today is ${await rangeHeading(today, today)}`);
    await page.keyboard.press('Alt+M');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(`${today.slice(0, 7)}-01`);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);
    await expect(page.getByRole('button', { name: /This month/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /^Today/ })).toHaveAttribute('aria-pressed', 'false');
    // It ran: the report on screen is headed by this month's range (the page was reloaded on the new day).
    await expect(
      page.getByRole('heading', { level: 2, name: await rangeHeading(`${today.slice(0, 7)}-01`, today) }),
    ).toBeVisible();
    await page.keyboard.press('Alt+T');
    await expect(page.getByRole('heading', { level: 2, name: await rangeHeading(today, today) })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Today/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /This month/ })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);
  });
}

test('the inspector’s report and the audit export start from the training clock’s day, as the presets do', async () => {
  // The month-end tests left the training clock on the first of a month after the wall clock's day.
  const { simulated_now } = await call(page, 'training', 'simulationState');
  const today = localDay(new Date(simulated_now));
  expect(today, 'the training clock is on another day than the wall clock').not.toBe(localDay(new Date()));
  const last = await lastMonthOnServiceClock();
  // The audit log's days are main's UTC days: the 30 days to the training clock's.
  const auditTo = new Date(simulated_now).toISOString().slice(0, 10);
  const auditFrom = new Date(Date.parse(`${auditTo}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+8');
  await expect(page.locator('#report-dates-hint')).toContainText(
    `Today is ${await rangeHeading(today, today)} on the training clock`,
  );
  const inspector = page.getByRole('region', { name: "Inspector's report" });
  await expect(inspector.getByLabel('First day')).toHaveValue(last.start);
  await expect(inspector.getByLabel('Last day')).toHaveValue(last.end);
  const audit = page.getByRole('region', { name: 'Audit log export' });
  await expect(audit.getByLabel('From')).toHaveValue(auditFrom);
  await expect(audit.getByLabel('To')).toHaveValue(auditTo);
  await shoot(page, 'report-training-clock', { fullPage: true });

  // Main takes both ranges as they stand.
  await inspector.getByRole('button', { name: 'Show the log' }).click();
  await expect(inspector.getByRole('heading', { level: 3 })).toContainText(`${last.start} to ${last.end}`);
  const downloading = page.waitForEvent('download');
  await audit.getByRole('button', { name: 'Export the audit log' }).click();
  expect((await downloading).suggestedFilename()).toBe(`audit-${auditFrom}-to-${auditTo}.csv`);
  await expect(audit.getByRole('status')).toContainText(`audit-${auditFrom}-to-${auditTo}.csv`);
});
