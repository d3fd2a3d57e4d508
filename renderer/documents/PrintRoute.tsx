// The print-only route (`/?document=<kind>&<ids>`): the document alone, no app chrome, for the desktop app's hidden
// print window, its PDF and the tests' page.pdf(). It marks the body when the document is drawn, so a printer waits.
// A document main would not print yet (an unverified label) is drawn under the refused band: the route records
// nothing, so what it shows must never pass for a label to dispense with.
import { useEffect } from 'react';
import type { DocumentRef } from '../../contract/documents.ts';
import { messageOf } from '../queries/station.ts';
import { DocumentSheet } from './DocumentSheet.tsx';
import { useDocumentData } from './document-data.ts';
import { usePrintCheck } from './print-queries.ts';

export function PrintRoute({ document: ref }: { document: DocumentRef }) {
  const data = useDocumentData(ref);
  const check = usePrintCheck(ref);
  const ready = data.isSuccess && check.isSuccess;
  const failed = data.isError || check.isError;
  useEffect(() => {
    window.document.body.classList.add('print-route');
    if (ready) window.document.body.dataset.documentReady = 'true';
    if (failed) window.document.body.dataset.documentReady = 'failed';
  }, [ready, failed]);
  const error = data.error ?? check.error;
  if (error) {
    return (
      <p role="alert" className="doc-failed">
        This document cannot be drawn: {messageOf(error)}
      </p>
    );
  }
  if (!data.isSuccess || !check.isSuccess) return <p role="status">Preparing the document…</p>;
  return <DocumentSheet data={data.data} refused={!check.data.allowed} />;
}
