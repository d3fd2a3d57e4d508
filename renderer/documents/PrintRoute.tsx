// The print-only route (`/?document=<kind>&<ids>&ticket=<ticket>`): the document alone, no app chrome, for a PDF of it
// (the tests' page.pdf()). It presents the ticket main gave when it prepared the document, so the copy is gated and
// recorded like any print, and draws the content main answers. Without a valid, unused ticket it draws nothing.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PrintRouteRequest } from '../../contract/documents.ts';
import { presentTicket } from '../queries/print.ts';
import { DocumentSheet } from './DocumentSheet.tsx';

const NO_TICKET = 'This document prints from its preview in the station: this address alone prints nothing.';

export function PrintRoute({ request }: { request: PrintRouteRequest }) {
  const { ticket, reprint } = request;
  const printed = useQuery({
    queryKey: ['print', 'route', ticket],
    queryFn: () => presentTicket({ ticket: ticket as string, output: 'pdf', reprint }),
    enabled: ticket !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const refusal = ticket === null ? NO_TICKET : printed.data && !printed.data.ok ? printed.data.message : null;
  const content = printed.data?.ok ? printed.data.result.content : null;
  useEffect(() => {
    window.document.body.classList.add('print-route');
    if (content) window.document.body.dataset.documentReady = 'true';
    if (refusal || printed.isError) window.document.body.dataset.documentReady = 'failed';
  }, [content, refusal, printed.isError]);
  if (refusal || printed.isError) {
    return (
      <p role="alert" className="doc-failed">
        This document is not drawn: {refusal ?? 'the station did not answer.'}
      </p>
    );
  }
  if (!content) return <p role="status">Preparing the document…</p>;
  return <DocumentSheet content={content} />;
}
