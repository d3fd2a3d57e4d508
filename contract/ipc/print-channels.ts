// The print channels: may a document print now, print or save it (main gates and records every copy), its copies so
// far, and the service barcode a label carries. Spread into the station's own channels (station-channels.ts).
import { z } from 'zod';
import { defineChannel } from './channel.ts';
import {
  labelBarcode,
  labelBarcodeInput,
  printCheck,
  printDocumentInput,
  printHistoryInput,
  printRecord,
  printResult,
} from './print.ts';

export const printChannels = {
  'print:check': defineChannel('print:check', {
    input: printHistoryInput,
    output: printCheck,
    summary: 'May this document print now, and if not why; how many copies this station printed so far',
  }),
  'print:document': defineChannel('print:document', {
    input: printDocumentInput,
    output: printResult,
    summary:
      'Print or save a document: main refuses an unverified label (not_verified) or a reprint without a reason, and records every copy',
  }),
  'print:history': defineChannel('print:history', {
    input: printHistoryInput,
    output: z.array(printRecord),
    summary: "A document's prints and reprints at this station, newest first",
  }),
  'print:barcode': defineChannel('print:barcode', {
    input: labelBarcodeInput,
    output: labelBarcode,
    summary:
      "The record's active service barcode for its label or badge, issued once when it has none (issuing retires earlier ones)",
  }),
} as const;
