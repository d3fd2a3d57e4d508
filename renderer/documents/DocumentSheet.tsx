// One document on its page: the component for its kind, drawing exactly the content main prepared, on a sheet sized
// for its stock (print CSS names the page so @page gives the paper size). The same sheet is the preview and the print.
import type { DocumentContent } from '../../contract/document-content.ts';
import { CompetencyRecordDocument } from './CompetencyRecordDocument.tsx';
import { LotLabelDocument, StaffBadge } from './LotLabelDocument.tsx';
import { PackingSlip } from './PackingSlip.tsx';
import { PracticeBinSheet } from './PracticeBinSheet.tsx';
import { PrescriptionLabel } from './PrescriptionLabel.tsx';
import './documents.css';

/** The CSS page (documents.css `@page <name>`) each document prints on. */
export function sheetPage(content: DocumentContent): string {
  if (content.kind === 'prescription_label') return `rx-${content.stock.replace('.', '_')}`;
  if (content.kind === 'packing_slip' || content.kind === 'practice_bin' || content.kind === 'competency_record') {
    return 'slip';
  }
  if (content.kind === 'lot_label') return 'lot';
  return 'badge';
}

/** Across a document that may not print yet (main refused it): on screen, and on paper should the page be printed. */
export const REFUSED_BAND = 'NOT VERIFIED \u2014 NOT FOR DISPENSING';
export function DocumentSheet(props: { content: DocumentContent; refused?: boolean }) {
  const { content, refused = false } = props;
  return (
    <div className={`doc-sheet doc-page-${sheetPage(content)}`}>
      {documentOf(content)}
      {refused ? <p className="doc-refused-band">{REFUSED_BAND}</p> : null}
    </div>
  );
}

function documentOf(content: DocumentContent) {
  switch (content.kind) {
    case 'prescription_label':
      return <PrescriptionLabel content={content} />;
    case 'packing_slip':
      return <PackingSlip content={content} />;
    case 'lot_label':
      return <LotLabelDocument content={content} />;
    case 'staff_badge':
      return <StaffBadge content={content} />;
    case 'practice_bin':
      return <PracticeBinSheet content={content} />;
    case 'competency_record':
      return <CompetencyRecordDocument content={content} />;
  }
}
