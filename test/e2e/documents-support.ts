// Reading printed documents back as a person and a scanner would: the print route rendered to PDF by Chromium, its
// text by pdftotext, its page size by pdfinfo, its page as a 300 dpi PNG by pdftoppm, and its Code 128 by @zxing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';
import { type DocumentRef, documentQuery } from '../../contract/documents.ts';
import { root } from './support.ts';

/** The synthetic pharmacy the documents tests print (no real pharmacy). */
export const PHARMACY = {
  name: 'Maple Street Training Pharmacy',
  address: '120 Maple Street, Springfield, IL 62701',
  phone: '(217) 555-0142',
};

export const documentsDir = join(root, '.tmp', 'documents');

/** The print route of `ref` on the station's address (its token in the fragment, as the shell prints it). */
export function printRouteUrl(stationUrl: string, ref: DocumentRef): string {
  const url = new URL(stationUrl);
  return `${url.origin}/${documentQuery(ref)}${url.hash}`;
}

/** Renders the document's print route to a PDF file through Chromium (the page's own @page size) and answers its path. */
export async function renderPdf(context: BrowserContext, stationUrl: string, ref: DocumentRef, name: string) {
  mkdirSync(documentsDir, { recursive: true });
  const page = await context.newPage();
  try {
    await page.goto(printRouteUrl(stationUrl, ref));
    await page.locator('body[data-document-ready]').waitFor({ state: 'attached' });
    const state = await page.locator('body').getAttribute('data-document-ready');
    if (state !== 'true') throw new Error(`the ${name} did not draw: ${await page.locator('body').innerText()}`);
    await page.emulateMedia({ media: 'print' });
    const path = join(documentsDir, `${name}.pdf`);
    await page.pdf({ path, preferCSSPageSize: true, printBackground: true });
    return path;
  } finally {
    await page.close();
  }
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

/** Every Code 128 value @zxing reads in the PNG (it reads one per pass; the label carries one). */
export function decodeCode128(pngPath: string): string {
  const png = PNG.sync.read(readFileSync(pngPath));
  const pixels = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < pixels.length; i++) {
    const [r, g, b] = [png.data[i * 4] as number, png.data[i * 4 + 1] as number, png.data[i * 4 + 2] as number];
    pixels[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  const source = new RGBLuminanceSource(pixels, png.width, png.height);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
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
