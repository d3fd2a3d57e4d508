// The Drills screen in the browser shell: a trainer sets the short-count drill up for the technician, the technician
// sees the order and practice bin, counts the full 90 (the drill's mistake) and says done; main's score shows each
// check missed with its reason. The look-alike drill's practice bin sheet, printed, read back by a scanner, and its
// codes scanned at the verification bench drive the drill. The trainer's competency record of the technician, printed
// and exported as CSV. Screenshots of the list, a drill in progress, a scored drill, the competency record.

import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { decodeEvery, docShot, pdfText, pdfToPng, renderPdf } from './documents-support.ts';
import { call, expectAccessible, openStation, type Station, scan, shoot, signIn } from './support.ts';

let station: Station;
let page: Page;

const screen = () => page.getByRole('main', { name: 'Drills' });
const attempts = () => screen().getByRole('region', { name: 'Drills set up and scored' });

test.describe.configure({ mode: 'serial' });

let opened: Awaited<ReturnType<typeof openStation>> | undefined;

test.beforeAll(async ({ browser }) => {
  opened = await openStation(browser);
  ({ station, page } = opened);
});

test.afterAll(async () => {
  await opened?.close();
});

test('the trainer sees every drill and sets the short count up for the technician', async () => {
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+D');
  await expect(screen()).toBeVisible();
  const list = screen().getByRole('region', { name: 'Drills' }).last();
  await expect(list.getByText('Look-alike in the bin: hydroxyzine or hydralazine?')).toBeVisible();
  await expect(attempts()).toContainText('No drill set up yet.');
  await expectAccessible(page, 'drills');
  await shoot(page, 'drills-list', { fullPage: true });

  await screen().getByLabel('For').selectOption('technician@training.local');
  await list.getByRole('listitem').filter({ hasText: 'Short count' }).getByRole('button', { name: 'Set up' }).click();
  await expect(attempts().getByRole('listitem', { name: 'Short count' })).toContainText('60 × Metformin 500 mg tablet');
});

test('the technician sees the order and the practice bin, and a scored drill after saying done', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, station.url, 'technician');
  await page.keyboard.press('Alt+Shift+D');
  // The trainee's card names only their role's practice until it is scored: "Short count" would give it away.
  const attempt = attempts().getByRole('listitem', { name: 'Technician practice drill' });
  await expect(attempt).toContainText('In progress');
  await expect(attempts()).not.toContainText('Short count');
  await expect(screen().getByRole('button', { name: 'Set up' })).toHaveCount(0);
  await shoot(page, 'drill-in-progress', { fullPage: true });

  // The drill's mistake, at the station's own verification: the full 90 typed for a bin of 60.
  const mine = (await call(page, 'drills', 'results'))[0]!;
  await call(page, 'verify', 'start', { orderId: mine.orderId });
  await call(page, 'verify', 'scan', { orderId: mine.orderId, text: `90*${mine.bin[0]!.code}`, entry: 'typed' });

  await attempt.getByRole('button', { name: 'I am done: score it' }).click();
  const scored = attempts().getByRole('listitem', { name: 'Short count' });
  await expect(scored).toContainText('0 of 2 checks passed');
  await expect(scored).toContainText('The order was recorded as verified, and it should not have been.');
  await expect(scored).toContainText('No discrepancy task was made for the order.');
  await expectAccessible(page, 'drills');
  await shoot(page, 'drill-scored', { fullPage: true });
});

test("the practice bin sheet's codes decode, and scanning them at the bench drives the drill", async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+D');
  await screen().getByLabel('For').selectOption('technician@training.local');
  const list = screen().getByRole('region', { name: 'Drills' }).last();
  await list
    .getByRole('listitem')
    .filter({ hasText: 'Look-alike in the bin' })
    .getByRole('button', { name: 'Set up' })
    .click();
  await expect(attempts().getByRole('listitem', { name: /^Look-alike in the bin/ })).toContainText('In progress');
  await page.getByRole('button', { name: 'Sign out' }).click();

  await signIn(page, station.url, 'technician');
  await page.keyboard.press('Alt+Shift+D');
  const attempt = attempts().getByRole('listitem', { name: 'Technician practice drill' });
  await attempt.getByRole('button', { name: 'Print the bin sheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print practice bin sheet' });
  await expect(dialog.getByRole('article', { name: 'Practice bin sheet' })).toContainText(
    'Hydralazine HCl 25 mg tablet',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Printed through the print route (main's ticket), read back as a scanner reads paper: every item's code.
  const mine = (await call(page, 'drills', 'results'))[0]!;
  const pdf = await renderPdf(
    page.context(),
    station.url,
    { kind: 'practice_bin', attemptId: mine.id },
    'practice-bin',
  );
  expect(pdfText(pdf)).toContain('Hydralazine HCl 25 mg tablet');
  docShot(pdf, 'practice-bin');
  const decoded = decodeEvery(pdfToPng(pdf, 150), 'datamatrix');
  expect(decoded).toEqual(mine.bin.map((item: { code: string }) => item.code));

  // What the scanner read, scanned at the verification bench: the look-alike stops the run, and is waved through as a
  // misread (the drill's mistake); the score names it.
  await scan(page, mine.orderNumber);
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${mine.orderNumber}` })).toBeVisible();
  await scan(page, `30*${decoded[0]}`);
  const stop = page.getByRole('alertdialog');
  await expect(stop).toContainText('is not on this order');
  await stop.getByLabel('Reason').selectOption('misread');
  await stop.getByLabel('What was done').fill('Thought the scanner misread it');
  await page.keyboard.press('Enter');
  await expect(stop).toBeHidden();

  await page.keyboard.press('Alt+Shift+D');
  await attempt.getByRole('button', { name: 'I am done: score it' }).click();
  const scored = attempts().getByRole('listitem', { name: /^Look-alike in the bin/ });
  await expect(scored).toContainText('checks passed');
  await expect(scored).toContainText('let go as "Scanned by mistake or misread"');
});

test("the trainer sees the technician's drills in a competency record, prints it and exports it as CSV", async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+D');
  const records = screen().getByRole('region', { name: 'Competency records' });
  await expect(records.getByLabel('Trainee')).toHaveValue('technician@training.local');
  // The trainee by name (the service's), not by a demo e-mail address.
  const table = records.getByRole('table', { name: 'Drills of Taylor Technician' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /Short count/ })).toContainText('Missed 2 checks (0 of 2 checks passed)');
  await expect(table.getByRole('row', { name: /Look-alike/ })).toContainText('Missed');
  await expectAccessible(page, 'drills');
  await shoot(page, 'drills-competency', { fullPage: true });

  await records.getByRole('button', { name: 'Print the competency record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print competency record' });
  await expect(dialog.getByRole('article', { name: 'Competency record' })).toContainText('Alex Admin');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const ref = { kind: 'competency_record', trainee: 'technician@training.local' } as const;
  const pdf = await renderPdf(page.context(), station.url, ref, 'competency-record');
  expect(pdfText(pdf)).toContain('Training competency record');
  expect(pdfText(pdf)).toContain('Short count');
  docShot(pdf, 'competency-record');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    records.getByRole('button', { name: 'Export as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^competency-taylor-technician-.*\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(csv[0]).toMatch(/^Trainee,Drill,For,Set up by,Started,Finished,Result,Outcome/);
  expect(csv.filter((line) => line.startsWith('Taylor Technician,'))).toHaveLength(2);
  expect(csv.join('\n')).not.toContain('@training.local');
});
