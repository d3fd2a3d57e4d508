// The port main/print prints through. The desktop app implements it in main/electron/document-printer.ts (a hidden
// window on the print route, webContents.print or printToPDF); the browser shell has none: the page prints itself.
import type { PageSize } from '../../contract/documents.ts';

export interface PrintJob {
  /** The print route's query (`?document=…&…`), ids only. */
  query: string;
  pageSize: PageSize;
  /** The printer from settings for this kind of document; null: the system print dialog. */
  printer: string | null;
}

export interface DocumentPrinter {
  /** Prints silently to the named printer, or through the system dialog; false when the person cancelled it. */
  print(job: PrintJob): Promise<{ printed: boolean }>;
  /** Renders the same page to PDF and asks where to save it; null when the person cancelled. */
  savePdf(job: PrintJob & { suggestedName: string }): Promise<{ savedTo: string | null }>;
}
