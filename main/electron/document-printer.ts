// Printing in the desktop app: the station window's page, whose print CSS shows only the document of the open print
// preview (renderer/documents/documents.css), printed by Chromium — silently to the printer named in settings, or
// through the system dialog — or rendered to PDF (the document's own @page size) and saved where the person says.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BrowserWindow, dialog } from 'electron';
import type { Logger } from '../log/logger.ts';
import type { DocumentPrinter, PrintJob } from '../print/printer-port.ts';

const MICRONS_PER_INCH = 25_400;

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

export function createDocumentPrinter(options: DocumentPrinterOptions): DocumentPrinter {
  return {
    async print(job: PrintJob) {
      const contents = stationWindow(options).webContents;
      const settings = {
        // Silent only to a named printer: without one the system dialog lets the person choose.
        silent: job.printer !== null,
        ...(job.printer !== null ? { deviceName: job.printer } : {}),
        printBackground: true,
        margins: { marginType: 'none' as const },
        pageSize: {
          width: Math.round(job.pageSize.width * MICRONS_PER_INCH),
          height: Math.round(job.pageSize.height * MICRONS_PER_INCH),
        },
      };
      return new Promise((resolve) => {
        contents.print(settings, (success, failureReason) => {
          // The printer's name may identify the site, never a patient: safe to log.
          if (!success) options.log.warn('a document did not print', { reason: failureReason, printer: job.printer });
          resolve({ printed: success, problem: success ? null : failureReason || 'the print did not finish' });
        });
      });
    },
    async savePdf(job) {
      const window = stationWindow(options);
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
      options.log.info('a document was saved as PDF', { bytes: pdf.length });
      return { savedTo: answer.filePath };
    },
  };
}
