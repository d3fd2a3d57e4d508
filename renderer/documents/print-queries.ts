// The print channels as react-query: may it print (and why not), and printing or saving one copy.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentRef } from '../../contract/documents.ts';
import type { PrintDocumentInput, PrintResult } from '../../contract/ipc/print.ts';
import { station, unwrap } from '../queries/station.ts';
import { printInPage } from './print-in-page.ts';

export const printCheckKey = (ref: DocumentRef) => ['print', 'check', ref] as const;

export function usePrintCheck(ref: DocumentRef) {
  return useQuery({
    queryKey: printCheckKey(ref),
    queryFn: () => unwrap(station().print.check({ document: ref })),
    staleTime: 0,
  });
}

export type PrintAnswer = { ok: true; result: PrintResult } | { ok: false; message: string };

/** Asks main to print (it gates and records the copy first); in the browser shell the page then prints itself. */
export function usePrintDocument(ref: DocumentRef) {
  const queryClient = useQueryClient();
  return async (input: Omit<PrintDocumentInput, 'document'>): Promise<PrintAnswer> => {
    const answer = await station().print.document({ document: ref, ...input });
    void queryClient.invalidateQueries({ queryKey: printCheckKey(ref) });
    if (!answer.ok) return { ok: false, message: answer.error.message };
    if (answer.value.handledBy === 'renderer') printInPage();
    return { ok: true, result: answer.value };
  };
}
