// The system's printers as main finds them (printers:list; the browser shell cannot list any), and a test page to one.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DocumentKind } from '../../contract/documents.ts';
import { station, unwrap } from './station.ts';

export function usePrinters() {
  return useQuery({ queryKey: ['app', 'printers'], queryFn: () => unwrap(station().printers.list()) });
}

/** Sends a test page to the printer saved for `kind`. */
export function useTestPage(kind: DocumentKind) {
  return useMutation({ mutationFn: () => unwrap(station().printers.testPage({ kind })) });
}
