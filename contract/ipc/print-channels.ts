// The print channels: may a document print now, print or save it (main gates and records every copy), its copies so
// far, and the document prepared (what it says, and a one-time ticket to print it). Spread into the station's own channels (station-channels.ts).
import { z } from 'zod';
import { defineChannel } from './channel.ts';
import {
  preparedDocument,
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
  'print:drawn': defineChannel('print:drawn', {
    input: z.strictObject({ contentHash: z.string().regex(/^[0-9a-f]{64}$/, 'a content hash') }),
    output: z.strictObject({ awaited: z.boolean() }),
    summary:
      'The open preview drew the recorded copy main sent (print.drawing): the desktop app prints the page now; awaited says whether main was waiting for it',
  }),
  'print:history': defineChannel('print:history', {
    input: printHistoryInput,
    output: z.array(printRecord),
    summary: "A document's prints and reprints at this station, newest first",
  }),
  'print:prepare': defineChannel('print:prepare', {
    input: printHistoryInput,
    output: preparedDocument,
    summary:
      'Prepare a document in main: whether it may print and why not, what it says (drawn as it is), and a one-time print ticket',
  }),
} as const;
