// A button that opens the print preview of one document; screens place it, the documents kit does the rest.
import { useState } from 'react';
import type { DocumentRef } from '../../contract/documents.ts';
import { PrintDialog } from './PrintDialog.tsx';

export function PrintButton({
  document: ref,
  children,
  label,
  className,
}: {
  document: DocumentRef;
  children: React.ReactNode;
  /** A longer accessible name when the visible words lean on what is around them. */
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`button ${className ?? ''}`} aria-label={label} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open ? <PrintDialog document={ref} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
