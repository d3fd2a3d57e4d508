// Tasks as a technician meets them: my tasks, the team queue, search, a form that keeps what was typed, and a task
// created while the service is down that shows as pending and reaches the service exactly once when it is back.
import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { TaskStatus } from '../../contract/service/tasks.ts';
import { call, expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let myId: string;
let statuses: TaskStatus[];
/** Not a name the training data uses (each run has its own fresh training database). */
const offlineTitle = 'Recount the returned insulin pens';

const taskList = (): Locator => page.locator('.task-list');
const row = (name: string | RegExp): Locator => page.locator('.task-row', { hasText: name });
const form = (): Locator => page.getByRole('form', { name: 'New task' });
const detail = (): Locator => page.getByRole('region', { name: 'Selected task' });

/** Tasks with this exact name, as the service has them. */
async function tasksNamed(name: string) {
  const found = await call(page, 'search', 'tasks', { query: { q: name, limit: 100 } });
  return found.results.filter((task) => task.name === name);
}

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'technician');
  const session = await call(page, 'session', 'state');
  myId = session.user!.id!;
  statuses = await call(page, 'tasks', 'statuses');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('my tasks lists what the service assigns me, and the team queue every open task', async () => {
  const mine = await call(page, 'tasks', 'list', { query: { assignee_id: myId, page_size: 200 } });
  const open = statuses.filter((status) => !status.is_final).map((status) => status.code);
  const queued = (
    await Promise.all(open.map((code) => call(page, 'tasks', 'list', { query: { status_code: code, page_size: 200 } })))
  ).flat();
  expect(queued.length, 'the training data has open tasks').toBeGreaterThan(0);

  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /My tasks/ })).toHaveAttribute('aria-pressed', 'true');
  if (mine.length === 0) await expect(page.getByText('No tasks are assigned to you.')).toBeVisible();
  else await expect(page.locator('.task-row')).toHaveCount(mine.length);
  for (const task of mine) await expect(page.locator(`[data-task-key="${task.id}"]`)).toBeVisible();

  await page.keyboard.press('Alt+Q');
  await expect(page.getByRole('button', { name: /Team queue/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.task-row')).toHaveCount(queued.length);
  // Statuses read as the service names them; no final status is in the open queue.
  const finalNames = statuses.filter((status) => status.is_final).map((status) => status.name ?? status.code);
  for (const name of finalNames) await expect(taskList().locator('.task-status', { hasText: name })).toHaveCount(0);
  await expect(taskList()).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
  // A task names its patient on its row: the demo's tasks are linked to an order, whose patient it is.
  const linked = queued.find((task) => task.order_id)!;
  const { patient } = await call(page, 'orders', 'get', { params: { order_id: linked.order_id! } });
  await expect(page.locator(`[data-task-key="${linked.id}"]`)).toContainText(
    `Patient: ${patient!.first_name} ${patient!.last_name}`,
  );

  // The keys walk the list: the first task is selected and shown beside it.
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.locator('.task-row').first()).toHaveAttribute('aria-current', 'true');
  const firstName = (await page.locator('.task-row-name').first().textContent()) as string;
  await expect(detail().getByRole('heading', { name: firstName })).toBeVisible();
});

test('Alt+S searches tasks through the service, and a linked order opens from the task', async () => {
  const linked = (await call(page, 'tasks', 'list', { query: { page_size: 200 } })).find(
    (task) => task.order_id && task.name,
  );
  if (!linked?.name) throw new Error('the training data has no task linked to an order');
  const withOrder = linked;
  const word = (linked.name as string).split(' ').slice(-2).join(' ');
  const expected = await call(page, 'search', 'tasks', { query: { q: word, limit: 50 } });

  await page.keyboard.press('Alt+S');
  await expect(page.getByLabel(/Search tasks/)).toBeFocused();
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Search results' }).locator('.task-row')).toHaveCount(
    expected.results.length,
  );

  await page.locator(`[data-task-key="${withOrder.id}"]`).click();
  await expect(detail().getByRole('heading', { name: withOrder.name as string })).toBeVisible();
  await expectAccessible(page, 'tasks');
  await detail()
    .getByRole('button', { name: /^Order / })
    .click();
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toHaveCount(0);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
});

test('a form sent without a name or category says so beside each field and keeps what was typed', async () => {
  await page.keyboard.press('Alt+M');
  await page.keyboard.press('Alt+N');
  await expect(form()).toBeVisible();
  await expect(form().getByLabel('Name')).toBeFocused();
  await form().getByLabel('Description').fill('Two pens came back from the courier.');
  await page.keyboard.press('Control+Enter');
  await expect(form().getByText('Give the task a name.')).toBeVisible();
  await expect(form().getByText('Choose a category.')).toBeVisible();
  await expect(form().getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form().getByLabel('Name')).toBeFocused();
  await expect(form().getByLabel('Description')).toHaveValue('Two pens came back from the courier.');
  await expectAccessible(page, 'task form');
  await shoot(page, 'tasks-form-errors');
  await page.keyboard.press('Escape');
  await expect(form()).toHaveCount(0);
});

test('a task created while the service is down shows as pending, then reaches the service exactly once', async () => {
  expect(await tasksNamed(offlineTitle)).toEqual([]);
  const [linked] = await call(page, 'orders', 'list', {
    query: { page_size: 1 },
  });
  await station.training.stop();

  await page.keyboard.press('Alt+N');
  await form().getByLabel('Name').fill(offlineTitle);
  await form().getByLabel('Category').selectOption({ label: 'Inventory' });
  await form().getByLabel('Description').fill('Count them against the return slip before restocking.');
  // The order number cannot be looked up now: it is kept as typed and looked up when the task is sent.
  await form().getByLabel('Linked order').fill(linked!.order_number);
  await page.keyboard.press('Control+Enter');
  await expect(form()).toHaveCount(0);

  await expect(row(offlineTitle)).toContainText('Pending');
  await row(offlineTitle).click();
  await expect(detail()).toContainText('Saved on this station, will send when online');
  await expect(detail()).toContainText(`Linked order ${linked!.order_number}, as typed`);
  // Reading the list again failed: what is on screen is marked as read earlier.
  await expect(page.locator('.stale-note')).toContainText(/As of .+, offline/);
  await expect(page.getByText(/1 task change saved on this station, will send when online/)).toBeVisible();
  // The picture shows the top bar too: its connectivity indicator says Offline.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'tasks-pending');

  await station.training.start();
  // The list's own reads while offline are the probe that brings the station back online; this read nudges it too.
  await call(page, 'tasks', 'categories');
  await expect(row(offlineTitle)).toBeVisible();
  await expect(row(offlineTitle)).not.toContainText('Pending', { timeout: 45_000 });
  await expect(page.locator('.stale-note')).toHaveCount(0);

  await expect.poll(async () => (await tasksNamed(offlineTitle)).length, { timeout: 15_000 }).toBe(1);
  const [created] = await tasksNamed(offlineTitle);
  expect(created?.assignee_id).toBe(myId);
  expect(created?.order_id).toBe(linked!.id);
  const mine = await call(page, 'tasks', 'list', { query: { assignee_id: myId, page_size: 200 } });
  expect(mine.filter((task) => task.name === offlineTitle)).toHaveLength(1);
  // Shown once: a list main answered from memory while the station still said offline (the outbox had sent the task
  // meanwhile) is read again once it is back online.
  await expect(row(offlineTitle)).toHaveCount(1);
});

test('changing the status goes through the outbox and the service then has it', async () => {
  const target = statuses.find((status) => !status.is_final && status.code !== 'NEW') ?? statuses[1];
  expect(target).toBeDefined();
  await row(offlineTitle).click();
  await expect(detail().getByRole('heading', { name: offlineTitle })).toBeVisible();
  await detail()
    .getByRole('group', { name: /Status/ })
    .getByRole('button', { name: target?.name as string, exact: true })
    .click();
  await expect(row(offlineTitle)).toContainText(target?.name as string);
  await expect
    .poll(async () => (await tasksNamed(offlineTitle))[0]?.status_code, { timeout: 30_000 })
    .toBe(target?.code);
  await expect(row(offlineTitle)).not.toContainText('Pending');
});

test('a task the service refuses shows why; corrected it is sent once, and another one can be discarded', async () => {
  const unknownPatient = randomUUID();
  const refusedTitle = 'Call the patient back about the refill';
  const discardedTitle = 'Wrong patient, never sent';

  await page.keyboard.press('Alt+N');
  await form().getByLabel('Name').fill(refusedTitle);
  await form().getByLabel('Category').selectOption({ label: 'Patient' });
  await form().getByLabel('Linked patient id').fill(unknownPatient);
  await page.keyboard.press('Control+Enter');
  await expect(row(refusedTitle)).toContainText('Not saved', { timeout: 30_000 });
  await expect(detail().getByRole('alert')).toContainText(/patient/i);
  await expect(page.getByText(/1 task change refused by the service/)).toBeVisible();
  await shoot(page, 'tasks-refused', { fullPage: true });

  await page.keyboard.press('Alt+E');
  const correction = page.getByRole('form', { name: 'Correct the refused change' });
  await expect(correction.getByLabel('Name')).toHaveValue(refusedTitle);
  await expect(correction.getByLabel('Linked patient id')).toHaveValue(unknownPatient);
  await correction.getByLabel('Linked patient id').fill('');
  await page.keyboard.press('Control+Enter');
  await expect(correction).toHaveCount(0);
  await expect(row(refusedTitle)).not.toContainText(/Not saved|Pending/, { timeout: 30_000 });
  await expect.poll(async () => (await tasksNamed(refusedTitle)).length, { timeout: 15_000 }).toBe(1);
  expect((await tasksNamed(refusedTitle))[0]).toMatchObject({ patient_id: null });

  await page.keyboard.press('Alt+N');
  await form().getByLabel('Name').fill(discardedTitle);
  await form().getByLabel('Category').selectOption({ label: 'Patient' });
  await form().getByLabel('Linked patient id').fill(unknownPatient);
  await page.keyboard.press('Control+Enter');
  await expect(row(discardedTitle)).toContainText('Not saved', { timeout: 30_000 });
  await page.keyboard.press('Alt+Delete');
  await expect(detail().getByText('Discard it for good?')).toBeVisible();
  await page.keyboard.press('Alt+Delete');
  await expect(row(discardedTitle)).toHaveCount(0);
  expect(await tasksNamed(discardedTitle)).toEqual([]);
});
