// The port main/work/print prints through. The desktop app implements it in main/shells/electron/document-printer.ts: the station
// window's own page, whose print CSS shows only the document the open preview holds (renderer/documents), goes to
// webContents.print or printToPDF. The browser shell has none: the page prints itself with the browser's print.
import type { DocumentContent } from '../../../contract/document-content.ts';
import type { PageSize } from '../../../contract/documents.ts';
import type { OsPrinter } from '../../../contract/ipc/printers.ts';

export interface PrintJob {
  /** The document's paper (inches): a printer driver that ignores CSS page sizes is told it too. */
  pageSize: PageSize;
  /** The printer from settings for this kind of document; null: the system print dialog. */
  printer: string | null;
  /** The recorded copy's content and its hash: the page draws this before it is printed (a preview may hold less). */
  content: DocumentContent;
  contentHash: string;
}

export interface DocumentPrinter {
  /** Prints silently to the named printer, or through the system dialog; false when it was cancelled or failed. */
  print(job: PrintJob): Promise<{ printed: boolean; problem: string | null }>;
  /** Renders the same page to PDF and asks where to save it; null when the person cancelled. */
  savePdf(job: PrintJob & { suggestedName: string }): Promise<{ savedTo: string | null }>;
  /** The printers the system offers now (the desktop app; absent where the page prints itself). */
  printers?(): Promise<OsPrinter[]>;
  /**
   * Sends a one-page test to the printer (a name the system lists) on the page the document it is set for prints on;
   * `sent` is the spooler's word, not the paper's.
   */
  testPage?(printer: string, pageSize: PageSize): Promise<{ sent: boolean; problem: string | null }>;
  /** The page says it drew the copy with this hash (print:drawn); true when a print was waiting for it. */
  pageDrew?(contentHash: string): boolean;
  /** Sends printer-language data (a ZPL label) raw to a CUPS queue or `tcp://host[:port]` (raw-label.ts). */
  printRaw?(target: string, data: string): Promise<{ printed: boolean; problem: string | null }>;
}
