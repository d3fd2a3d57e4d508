// The print channels as react-query: may it print (and why not), the document main prepared (what it says and its
// one-time ticket), printing or saving one copy by presenting that ticket, and the desktop app's copy drawn on the page.
import { useQuery } from '@tanstack/react-query';
import type { DocumentContent } from '../../contract/document-content.ts';
import type { DocumentRef } from '../../contract/documents.ts';
import type { PrintDocumentInput, PrintResult } from '../../contract/ipc/print.ts';
import { onStationEvent, station, unwrap } from './station.ts';

export const printCheckKey = (ref: DocumentRef) => ['print', 'check', ref] as const;
export const preparedKey = (ref: DocumentRef) => ['print', 'prepared', ref] as const;

export function usePrintCheck(ref: DocumentRef) {
  return useQuery({
    queryKey: printCheckKey(ref),
    queryFn: () => unwrap(station().print.check({ document: ref })),
    staleTime: 0,
  });
}

/** The document as main prepared it; each answer carries a new ticket, so it is never kept once unused. */
export function usePreparedDocument(ref: DocumentRef) {
  return useQuery({
    queryKey: preparedKey(ref),
    queryFn: () => unwrap(station().print.prepare({ document: ref })),
    staleTime: 0,
    gcTime: 0,
  });
}

export type PrintAnswer = { ok: true; result: PrintResult } | { ok: false; message: string };

/** Presents the ticket: main gates the copy, records it with the hash of its content, and prints it (desktop app). */
export async function presentTicket(input: PrintDocumentInput): Promise<PrintAnswer> {
  const answer = await station().print.document(input);
  if (!answer.ok) return { ok: false, message: answer.error.message };
  return { ok: true, result: answer.value };
}

/**
 * The desktop app prints this page from main: it sends the recorded copy to draw first (a refused label's preview has
 * no barcode or patient); once the page drew it, main is told (print:drawn) and prints.
 */
export function onPrintDrawing(draw: (content: DocumentContent, contentHash: string) => void): () => void {
  return onStationEvent('print.drawing', ({ content, contentHash }) => {
    draw(content, contentHash);
    void station().print.drawn({ contentHash });
  });
}
