// One document on its page: the component for its kind, on a sheet sized for its stock (print CSS names the page so
// @page gives the paper size). The same sheet is the preview, the print and the PDF.
import type { DocumentData } from './document-data.ts';
import { LotLabelDocument, StaffBadge } from './LotLabelDocument.tsx';
import { PackingSlip } from './PackingSlip.tsx';
import { PrescriptionLabel } from './PrescriptionLabel.tsx';
import './documents.css';

/** The CSS page (documents.css `@page <name>`) each document prints on. */
export function sheetPage(data: DocumentData): string {
  if (data.kind === 'prescription_label') return `rx-${data.settings.labelStock.replace('.', '_')}`;
  if (data.kind === 'packing_slip') return 'slip';
  if (data.kind === 'lot_label') return 'lot';
  return 'badge';
}

/** Across a document that may not print yet (main refused it): on screen, and on paper should the page be printed. */
export const REFUSED_BAND = 'NOT VERIFIED \u2014 NOT FOR DISPENSING';

export function DocumentSheet({ data, refused = false }: { data: DocumentData; refused?: boolean }) {
  return (
    <div className={`doc-sheet doc-page-${sheetPage(data)}`}>
      {documentOf(data)}
      {refused ? <p className="doc-refused-band">{REFUSED_BAND}</p> : null}
    </div>
  );
}

function documentOf(data: DocumentData) {
  switch (data.kind) {
    case 'prescription_label':
      return <PrescriptionLabel data={data} />;
    case 'packing_slip':
      return <PackingSlip data={data} />;
    case 'lot_label':
      return <LotLabelDocument data={data} />;
    case 'staff_badge':
      return <StaffBadge data={data} />;
  }
}
