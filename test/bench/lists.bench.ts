// Benchmark: the patients list of 50,000 rows scrolled end to end in Chromium through the browser shell against the
// training service seeded with 100,000 orders; every frame timed in the page, against the same scroll over a plain
// element of the same size in the same run; the renderer heap after; the initial JavaScript the build measured.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import playwrightConfig from '../../playwright.config.ts';
import { describeInitialSize, type InitialSize, initialSizeFile, kB } from '../../scripts/vite-initial-size.ts';
import { signIn } from '../e2e/support.ts';
import { stopChildren } from './lib/child.ts';
import { type HeapFigures, megabytes, rendererHeap } from './lib/renderer-heap.ts';
import { report } from './lib/report.ts';
import {
  addPlainScroller,
  removePlainScroller,
  type ScrollPlan,
  type ScrollRun,
  scrollByFrames,
} from './lib/scroll-probe.ts';
import { framesFacts, LONG_FRAME_MS, percentilesLine, ratios, scrollRows } from './lib/scroll-report.ts';
import { seconds, startSeededStation } from './lib/seeded-station.ts';
import { summarize } from './lib/stats.ts';

// `npm run bench -- lists [step px] [--no-build]`; --no-build measures out/renderer as it was last built.
const args = process.argv.slice(2);
const BUILD = !args.includes('--no-build');
const [stepArg] = args.filter((arg) => !arg.startsWith('--'));
/** Ten 48 px rows a frame (600 rows a second at 60 Hz): a fast fling, every frame a nearly new screen of rows. */
const STEP_PX = Number(stepArg ?? 480);
if (!(STEP_PX > 0)) throw new Error(`usage: npm run bench -- lists [px a frame, > 0] [--no-build]; got "${stepArg}"`);
/** The same cached database as the scan benchmark: 100,000 orders seed 50,000 patients. */
const ORDERS = 100_000;
const SEED = 1;
const ROW_HEIGHT = 48;
/** Frames of each reference scroll (about 20 s at 60 Hz). */
const REFERENCE_FRAMES = 1200;
/** Pages scrolled past stay in react-query this long (PAGE_GC_MS in usePagedRows.ts) before they are dropped. */
const PAGE_GC_WAIT_MS = 25_000;
const SCROLLER = '.paged-scroll';
const LIST = 'ul[aria-label="Patients"]';
const STATUS = '.paged-count [role=status]';
const BASELINE = 'plain element, same size and scroll height, no list (baseline)';
const FIRST_PAGE = 'patients list, over its first page only (cached, nothing to load)';
const END_TO_END = 'patients list, end to end (pages loaded as it scrolls)';
const root = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
const workDir = mkdtempSync(join(tmpdir(), 'station-bench-lists-'));
let browser: Browser | undefined;

async function patientTotal(serviceUrl: string): Promise<number> {
  const login = await fetch(`${serviceUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@training.local', password: 'Training-2026!' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${serviceUrl}/api/v1/patients?page_size=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return Number(res.headers.get('x-total-count'));
}

function scroll(page: Page, plan: ScrollPlan): Promise<ScrollRun> {
  return page.evaluate(scrollByFrames, plan);
}

function heapFacts(heap: HeapFigures) {
  return { usedMB: megabytes(heap.usedBytes), totalMB: megabytes(heap.totalBytes), domElements: heap.domElements };
}

try {
  const station = await startSeededStation({ build: BUILD, orders: ORDERS, seed: SEED, workDir, children });
  const training = { url: station.trainingUrl };
  const shell = { url: station.shellUrl };
  const serviceStartSeconds = station.setupSeconds.serviceStart;
  const sizeFile = join(root, 'out', 'renderer', initialSizeFile);
  const initialSize = existsSync(sizeFile) ? (JSON.parse(readFileSync(sizeFile, 'utf8')) as InitialSize) : null;
  console.log(
    initialSize ? describeInitialSize(initialSize) : `no ${sizeFile}: build the renderer (without --no-build)`,
  );
  const total = await patientTotal(training.url);
  if (total < 50_000) throw new Error(`the service holds ${total} patients; the benchmark wants 50,000`);
  const totalText = `${total.toLocaleString('en-US')} patients`;
  console.log(`training service with ${totalText} up in ${serviceStartSeconds} s; browser shell at ${shell.url}`);

  browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  let pageReads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/bridge/invoke/patients:list')) pageReads++;
  });
  await signIn(page, shell.url, 'pharmacist');
  await page.keyboard.press('Alt+4');
  await page.locator(`${LIST} li button`).first().waitFor();
  // Let the first screen settle (its fonts, its page reads) before anything is timed.
  await page.waitForTimeout(1000);
  const heapBefore = await rendererHeap(page);

  // The baseline: the same fling over an element with nothing in it, as tall as the whole list will be.
  const plain = await page.evaluate(addPlainScroller, { like: SCROLLER, height: total * ROW_HEIGHT });
  const plainRun = await scroll(page, {
    scroller: plain,
    step: STEP_PX,
    mode: 'bounce',
    frames: REFERENCE_FRAMES,
    bounceMax: total * ROW_HEIGHT,
    timeoutMs: 120_000,
  });
  await page.evaluate(removePlainScroller);

  // The list over the rows of its first page (and the overscan), read already: rendering rows, nothing to load.
  const firstPageRun = await scroll(page, {
    scroller: SCROLLER,
    rows: LIST,
    step: STEP_PX,
    mode: 'bounce',
    frames: REFERENCE_FRAMES,
    bounceMax: (200 - 8) * ROW_HEIGHT - (await page.locator(SCROLLER).evaluate((el) => el.clientHeight)),
    timeoutMs: 120_000,
  });
  await page.locator(SCROLLER).evaluate((el) => {
    el.scrollTop = 0;
  });
  await page.waitForTimeout(500);
  const readsBefore = pageReads;

  const started = performance.now();
  const endRun = await scroll(page, {
    scroller: SCROLLER,
    rows: LIST,
    step: STEP_PX,
    mode: 'end',
    done: { status: STATUS, text: totalText, lastRow: total },
    timeoutMs: 15 * 60_000,
  });
  const endSeconds = seconds(started);
  const reads = pageReads - readsBefore;
  const heapAfter = await rendererHeap(page);
  await page.waitForTimeout(PAGE_GC_WAIT_MS);
  const heapSettled = await rendererHeap(page);

  const runs = [
    { name: BASELINE, run: plainRun },
    { name: FIRST_PAGE, run: firstPageRun },
    { name: END_TO_END, run: endRun },
  ];
  const summaries = runs.map(({ run }) => ({ interval: summarize(run.frameMs), work: summarize(run.workMs) }));
  const [base, first, end] = summaries as [(typeof summaries)[0], (typeof summaries)[0], (typeof summaries)[0]];
  const e = framesFacts(endRun);
  const b = framesFacts(plainRun);
  report('lists', scrollRows(runs), {
    patients: total,
    stepPxPerFrame: STEP_PX,
    rowHeightPx: ROW_HEIGHT,
    scrolling:
      'scrollTop += step in every requestAnimationFrame callback (a steady fling); the end-to-end run stops once the count reads the exact total and the last row is shown, loaded, at the bottom',
    frameInterval:
      "performance.now() between successive requestAnimationFrame callbacks (the callbacks' own timestamps keep the time a blocked frame was scheduled for, and hide most of it)",
    mainThreadWork:
      "from the frame's rAF timestamp to a task posted from its rAF callback: scroll handlers (the list's render), style, layout, paint",
    endToEnd: { ...e, patientPageReads: reads, wallSeconds: endSeconds },
    firstPage: framesFacts(firstPageRun),
    baseline: b,
    ratiosToBaseline: {
      firstPage: { interval: ratios(first.interval, base.interval), work: ratios(first.work, base.work) },
      endToEnd: { interval: ratios(end.interval, base.interval), work: ratios(end.work, base.work) },
    },
    heap: {
      before: heapFacts(heapBefore),
      after: heapFacts(heapAfter),
      afterPagesDropped: { ...heapFacts(heapSettled), waitedSeconds: PAGE_GC_WAIT_MS / 1000 },
      how: 'DevTools protocol: HeapProfiler.collectGarbage (twice), then Runtime.getHeapUsage',
    },
    initialJavaScript: initialSize
      ? {
          gzipBytes: initialSize.initialGzipBytes,
          bytes: initialSize.initialBytes,
          chunks: initialSize.initial.map((file) => file.file),
          lazyGzipBytes: Object.fromEntries(initialSize.lazy.map((file) => [file.name, file.gzipBytes])),
        }
      : null,
    seeded: station.seeded,
    rendererBuilt: BUILD,
    setupSeconds: station.setupSeconds,
  });
  console.log(
    [
      `patients list, ${totalText} end to end at ${STEP_PX} px a frame: ${e.frames} frames in ${e.scrollSeconds} s; frames over ${LONG_FRAME_MS} ms: ${e.framesOver50ms} (baseline: ${b.framesOver50ms} of ${b.frames}); longest frame ${e.longestFrameMs} ms`,
      `  frame interval ${percentilesLine(end.interval, base.interval)}`,
      `  main-thread work a frame ${percentilesLine(end.work, base.work)}`,
      `  first page only: interval ${percentilesLine(first.interval, base.interval)}; work ${percentilesLine(first.work, base.work)}`,
      `  most rows in the DOM ${e.maxRowsInDom}; frames waiting for a page ${e.waitingFrames}; frames showing placeholder rows ${e.placeholderFrames}; ${reads} page reads; long animation frames ${e.longAnimationFrames}, long tasks ${e.longTasks}`,
      `  renderer heap after GC: ${megabytes(heapBefore.usedBytes)} MB before, ${megabytes(heapAfter.usedBytes)} MB right after, ${megabytes(heapSettled.usedBytes)} MB ${PAGE_GC_WAIT_MS / 1000} s later (scrolled-past pages dropped)`,
      initialSize
        ? `  initial renderer JavaScript ${kB(initialSize.initialGzipBytes)} gzip (${kB(initialSize.initialBytes)} minified)`
        : '  initial renderer JavaScript: not measured (no build)',
    ].join('\n'),
  );
} finally {
  await browser?.close();
  await stopChildren(children);
  rmSync(workDir, { recursive: true, force: true });
}
