// The print-only route (`/?document=<kind>&<ids>`): the document alone, no app chrome, for the desktop app's hidden
// print window, its PDF and the tests' page.pdf(). It marks the body when the document is drawn, so a printer waits.
import { useEffect } from 'react';
import type { DocumentRef } from '../../contract/documents.ts';
import { messageOf } from '../queries/station.ts';
import { DocumentSheet } from './DocumentSheet.tsx';
import { useDocumentData } from './document-data.ts';

export function PrintRoute({ document: ref }: { document: DocumentRef }) {
  const data = useDocumentData(ref);
  useEffect(() => {
    window.document.body.classList.add('print-route');
    if (data.isSuccess) window.document.body.dataset.documentReady = 'true';
    if (data.isError) window.document.body.dataset.documentReady = 'failed';
  }, [data.isSuccess, data.isError]);
  if (data.isPending) return <p role="status">Preparing the document…</p>;
  if (data.isError) {
    return (
      <p role="alert" className="doc-failed">
        This document cannot be drawn: {messageOf(data.error)}
      </p>
    );
  }
  return <DocumentSheet data={data.data} />;
}
