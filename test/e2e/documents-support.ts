// Reading printed documents back as a person and a scanner would: the print route (with main's ticket) rendered to PDF
// by Chromium, its text by pdftotext, its page size by pdfinfo, its page as a 300 dpi PNG by pdftoppm, its codes by @zxing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';
import { type DocumentRef, documentQuery, type ReprintReason } from '../../contract/documents.ts';
import type { PreparedDocument } from '../../contract/ipc/print.ts';
import { answerOf, root } from './support.ts';

/** The synthetic pharmacy the documents tests print (no real pharmacy). */
export const PHARMACY = {
  name: 'Maple Street Training Pharmacy',
  address: '120 Maple Street, Springfield, IL 62701',
  phone: '(217) 555-0142',
};

export const documentsDir = join(root, '.tmp', 'documents');

/** The print route of `ref` on the station's address (with its one-time code, as the shell prints it). */
export function printRouteUrl(stationUrl: string, ref: DocumentRef, extra: Parameters<typeof documentQuery>[1] = {}) {
  const url = new URL(stationUrl);
  return `${url.origin}/${documentQuery(ref, extra)}&${url.search.slice(1)}`;
}

/** Main prepares the document (from the signed-in page): its content, and the one-time ticket that prints it. */
export async function prepare(page: Page, ref: DocumentRef): Promise<PreparedDocument> {
  const answer = await answerOf(page, 'print', 'prepare', { document: ref });
  if (!answer.ok) throw new Error(`print:prepare refused: ${answer.error.message}`);
  return answer.value;
}

/**
 * The print route of `ref` rendered to a PDF file through Chromium (the page's own @page size), with a ticket main
 * prepared from the signed-in page (or the given one; null: none). Answers the PDF and whether the route drew it.
 */
export async function routePdf(
  context: BrowserContext,
  stationUrl: string,
  ref: DocumentRef,
  name: string,
  options: { ticket?: string | null; reprint?: { reason: ReprintReason; note: string } } = {},
): Promise<{ path: string; drawn: boolean; text: string }> {
  mkdirSync(documentsDir, { recursive: true });
  const signedIn = context.pages()[0] as Page;
  const ticket = options.ticket === undefined ? (await prepare(signedIn, ref)).ticket : options.ticket;
  const page = await context.newPage();
  try {
    await page.goto(printRouteUrl(stationUrl, ref, { ticket: ticket ?? undefined, reprint: options.reprint }));
    await page.locator('body[data-document-ready]').waitFor({ state: 'attached' });
    const drawn = (await page.locator('body').getAttribute('data-document-ready')) === 'true';
    const text = await page.locator('body').innerText();
    await page.emulateMedia({ media: 'print' });
    const path = join(documentsDir, `${name}.pdf`);
    await page.pdf({ path, preferCSSPageSize: true, printBackground: true });
    return { path, drawn, text };
  } finally {
    await page.close();
  }
}

/** The route's PDF of a document main lets print (see routePdf); a throw when the route did not draw it. */
export async function renderPdf(...args: Parameters<typeof routePdf>): Promise<string> {
  const { path, drawn, text } = await routePdf(...args);
  if (!drawn) throw new Error(`the ${args[3]} did not draw: ${text}`);
  return path;
}

/** The PDF's text in reading layout, whitespace runs made one space. */
export function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Pages and the first page's size in points (72 per inch), to the nearest point (Chromium rounds to pixels). */
export function pdfPages(path: string): { pages: number; width: number; height: number } {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  return { pages: Number(pages?.[1]), width: Math.round(Number(size?.[1])), height: Math.round(Number(size?.[2])) };
}

/** The first page as a PNG at `dpi` (pdftoppm), written beside the PDF or at `target`; answers its path. */
export function pdfToPng(path: string, dpi: number, target?: string): string {
  const stem = target ?? path.replace(/\.pdf$/, `-${dpi}dpi`);
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', '-f', '1', '-l', '1', path, stem]);
  return `${stem}.png`;
}

/** The PNG as grey levels, for @zxing. */
function greyOf(pngPath: string): { gray: Uint8ClampedArray; width: number; height: number } {
  const png = PNG.sync.read(readFileSync(pngPath));
  const gray = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < gray.length; i++) {
    const [r, g, b] = [png.data[i * 4] as number, png.data[i * 4 + 1] as number, png.data[i * 4 + 2] as number];
    gray[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  return { gray, width: png.width, height: png.height };
}

/**
 * Each window of the page a scanner could be aimed at, and what @zxing reads there (an Error when nothing). zxing's
 * DataMatrix detector looks out from the middle of the image, as a scanner's aimer does, so the page is also tried in
 * overlapping windows, as a person aims the scanner at the code.
 */
function* readings(pngPath: string, format: 'code128' | 'datamatrix'): Generator<string | Error> {
  const { gray, width, height } = greyOf(pngPath);
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [format === 'code128' ? BarcodeFormat.CODE_128 : BarcodeFormat.DATA_MATRIX]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  for (const window of windows(width, height, format === 'datamatrix')) {
    const source = new RGBLuminanceSource(gray, width, height).crop(window.x, window.y, window.w, window.h);
    try {
      yield new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
    } catch (error) {
      yield error as Error;
    }
  }
}

/** What a scanner reads from a rendered page: the one barcode of `format` on it, or a throw when none decodes. */
export function decodeBarcode(pngPath: string, format: 'code128' | 'datamatrix'): string {
  let lastError: unknown = null;
  for (const read of readings(pngPath, format)) {
    if (typeof read === 'string') return read;
    lastError = read;
  }
  throw lastError;
}

/** Every distinct code of `format` a scanner reads on a page of several (a practice bin sheet), in the order found. */
export function decodeEvery(pngPath: string, format: 'code128' | 'datamatrix'): string[] {
  const found = new Set<string>();
  for (const read of readings(pngPath, format)) if (typeof read === 'string') found.add(read);
  return [...found];
}

/** Where windows of `side` start along `length`: every half side, and the last one flush with the far edge. */
function starts(length: number, side: number): number[] {
  const at: number[] = [];
  for (let start = 0; start + side < length; start += Math.floor(side / 2)) at.push(start);
  at.push(length - side);
  return at;
}

/** The whole image, then (for a 2D code) square windows of 60, 40 and 30 % of its short side, overlapping by half. */
function windows(width: number, height: number, aim: boolean): { x: number; y: number; w: number; h: number }[] {
  const all = [{ x: 0, y: 0, w: width, h: height }];
  if (!aim) return all;
  for (const share of [0.6, 0.4, 0.3]) {
    const side = Math.floor(Math.min(width, height) * share);
    for (const y of starts(height, side)) for (const x of starts(width, side)) all.push({ x, y, w: side, h: side });
  }
  return all;
}

/**
 * A picture of the document for people (the README): 150 dpi PNG from the PDF in .tmp/screenshots, and with
 * STATION_DOCS_SHOTS=1 in docs/screenshots too, like the station's screenshots.
 */
export function docShot(pdf: string, name: string): void {
  const folders = [join(root, '.tmp', 'screenshots')];
  if (process.env.STATION_DOCS_SHOTS === '1') folders.push(join(root, 'docs', 'screenshots'));
  for (const folder of folders) {
    mkdirSync(folder, { recursive: true });
    pdfToPng(pdf, 150, join(folder, `document-${name}`));
  }
}
