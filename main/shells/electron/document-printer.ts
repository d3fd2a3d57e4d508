// Printing in the desktop app: the station window's page, whose print CSS shows only the document of the open print
// preview (renderer/documents/documents.css), printed by Chromium — silently to the printer named in settings, or
// through the system dialog — or rendered to PDF (the document's own @page size) and saved where the person says.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BrowserWindow, dialog, type WebContentsPrintOptions } from 'electron';
import type { PageSize } from '../../../contract/documents.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { findPrinter } from '../../work/print/printer-names.ts';
import type { DocumentPrinter, PrintJob } from '../../work/print/printer-port.ts';
import { sendRaw } from '../../work/print/raw-label.ts';
import { testPageUrl } from './printer-test-page.ts';

const MICRONS_PER_INCH = 25_400;
/** A page in inches as Electron's print options take it (microns). */
const inMicrons = (page: PageSize) => ({
  width: Math.round(page.width * MICRONS_PER_INCH),
  height: Math.round(page.height * MICRONS_PER_INCH),
});

export interface DocumentPrinterOptions {
  window: () => BrowserWindow | null;
  /** The folder the save dialog opens in (app.getPath('documents')). */
  documentsDir: () => string;
  log: Logger;
}

function stationWindow(options: DocumentPrinterOptions): BrowserWindow {
  const window = options.window();
  if (!window || window.isDestroyed()) throw new Error('the station window is closed');
  return window;
}

/** Prints and answers what the spooler said: success means the job was sent, not that paper came out. */
function sendToPrinter(contents: Electron.WebContents, settings: WebContentsPrintOptions, log: Logger) {
  return new Promise<{ sent: boolean; problem: string | null }>((resolve) => {
    contents.print(settings, (success, failureReason) => {
      // The printer's name may identify the site, never a patient: safe to log.
      if (!success) log.warn('a print job was not sent', { reason: failureReason, printer: settings.deviceName });
      resolve({ sent: success, problem: success ? null : failureReason || 'the print did not finish' });
    });
  });
}

/** A page that has not drawn the copy by then is not printed (a hung page): the copy stays recorded, "not sent". */
const DRAW_WAIT_MS = 10_000;

/**
 * The page draws the recorded copy first (a refused label's preview lacks its barcode and patient): main sends the
 * content (print.drawing), and the open preview answers print:drawn with its hash once drawn (renderer/documents).
 */
function pageDraws() {
  const waiting = new Map<string, (drawn: boolean) => void>();
  return {
    draw(contents: Electron.WebContents, job: PrintJob): Promise<boolean> {
      const drawn = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(false), DRAW_WAIT_MS);
        function finish(result: boolean) {
          clearTimeout(timer);
          waiting.delete(job.contentHash);
          resolve(result);
        }
        waiting.set(job.contentHash, finish);
      });
      contents.send('print.drawing', { content: job.content, contentHash: job.contentHash });
      return drawn;
    },
    drew(contentHash: string): boolean {
      const finish = waiting.get(contentHash);
      finish?.(true);
      return finish !== undefined;
    },
  };
}
const NOT_DRAWN = 'the station page did not draw the document';

export function createDocumentPrinter(options: DocumentPrinterOptions): DocumentPrinter {
  const { log } = options;
  const page = pageDraws();
  /** The settings' printer among those the system lists now (a Remote Desktop session renames them), or null. */
  async function resolvePrinter(wanted: string | null): Promise<string | null> {
    if (wanted === null) return null;
    const found = findPrinter(wanted, await stationWindow(options).webContents.getPrintersAsync());
    if (!found) log.warn('the printer in settings is not among the system’s printers; asking', { printer: wanted });
    else if (found.name !== wanted) log.info('the printer was found again under a new name', { printer: found.name });
    return found?.name ?? null;
  }
  return {
    async print(job: PrintJob) {
      const contents = stationWindow(options).webContents;
      if (!(await page.draw(contents, job))) return { printed: false, problem: NOT_DRAWN };
      const printer = await resolvePrinter(job.printer);
      const settings = {
        // Silent only to a printer the system has: without one the system dialog lets the person choose.
        silent: printer !== null,
        ...(printer !== null ? { deviceName: printer } : {}),
        printBackground: true,
        margins: { marginType: 'none' as const },
        pageSize: inMicrons(job.pageSize),
      };
      const { sent, problem } = await sendToPrinter(contents, settings, log);
      return { printed: sent, problem };
    },
    pageDrew: (contentHash) => page.drew(contentHash),
    async printers() {
      const listed = await stationWindow(options).webContents.getPrintersAsync();
      return listed.map((p) => ({
        name: p.name,
        displayName: p.displayName || p.name,
        description: p.description ?? '',
      }));
    },
    async testPage(printer, pageSize) {
      // A hidden window of its own (the guards on every webContents apply), showing only the test page.
      const window = new BrowserWindow({
        show: false,
        webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
      });
      try {
        await window.loadURL(testPageUrl(printer));
        // A page size is required (Electron: pageSize, or usePrinterDefaultPageSize): the document's own page.
        const settings = { silent: true, deviceName: printer, pageSize: inMicrons(pageSize) };
        return await sendToPrinter(window.webContents, settings, log);
      } finally {
        window.close();
      }
    },
    async printRaw(target, data) {
      const { sent, problem } = await sendRaw(target, data);
      if (!sent) log.warn('the raw label did not go to the printer', { printer: target, problem });
      return { printed: sent, problem };
    },
    async savePdf(job) {
      const window = stationWindow(options);
      if (!(await page.draw(window.webContents, job))) throw new Error(NOT_DRAWN);
      const pdf = await window.webContents.printToPDF({
        preferCSSPageSize: true,
        printBackground: true,
        margins: { top: 0, bottom: 0, left: 0, right: 0 },
      });
      const answer = await dialog.showSaveDialog(window, {
        title: 'Save the document as PDF',
        defaultPath: join(options.documentsDir(), job.suggestedName),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (answer.canceled || !answer.filePath) return { savedTo: null };
      await writeFile(answer.filePath, pdf, { mode: 0o600 });
      log.info('a document was saved as PDF', { bytes: pdf.length });
      return { savedTo: answer.filePath };
    },
  };
}
