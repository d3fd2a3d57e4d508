// The print preview: the document as it will print, why it may not print yet (before anyone tries), a reason for a
// reprint, a pharmacist's allowance for an unverified label, then Print or Save PDF. Main gates and records each copy.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { DOCUMENT_TITLES, type DocumentRef, type ReprintReason } from '../../contract/documents.ts';
import type { PrintOutput } from '../../contract/ipc/print.ts';
import { Problem } from '../forms/Problem.tsx';
import { useSession } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import { DocumentSheet } from './DocumentSheet.tsx';
import { documentKey, useDocumentData } from './document-data.ts';
import { type Override, OverrideFields } from './OverrideFields.tsx';
import { usePrintCheck, usePrintDocument } from './print-queries.ts';
import { type ReprintChoice, ReprintFields, reprintProblem } from './ReprintFields.tsx';

export function PrintDialog({ document: ref, onClose }: { document: DocumentRef; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const data = useDocumentData(ref);
  const check = usePrintCheck(ref);
  const session = useSession().data;
  const print = usePrintDocument(ref);
  const [reprint, setReprint] = useState<ReprintChoice>({ reason: '', note: '' });
  const [override, setOverride] = useState<Override | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = DOCUMENT_TITLES[ref.kind];

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const copies = check.data?.copies ?? 0;
  const blocked = check.data ? !check.data.allowed && !override : true;
  const refused = check.data !== undefined && !check.data.allowed && !override;
  async function run(output: PrintOutput) {
    if (busy || !data.data) return;
    const missing = copies > 0 ? reprintProblem(reprint) : null;
    if (missing) return setProblem(missing);
    setBusy(true);
    setProblem(null);
    const answer = await print({
      output,
      reprint: copies > 0 ? { reason: reprint.reason as ReprintReason, note: reprint.note.trim() } : null,
      override: override ? { confirmationId: override.confirmationId, note: override.note } : null,
    });
    setBusy(false);
    if (!answer.ok) return setProblem(answer.message);
    const where = answer.result.savedTo ? ` to ${answer.result.savedTo}` : '';
    if (answer.result.problem) {
      setReprint({ reason: '', note: '' });
      return setProblem(`Copy ${answer.result.copy} is recorded but was not sent: ${answer.result.problem}.`);
    }
    // The system took the job: whether paper came out only the printer knows, so the station does not say "printed".
    setDone(
      output === 'pdf'
        ? `Saved copy ${answer.result.copy}${where}; it is in the audit log.`
        : `Sent copy ${answer.result.copy} to the printer; it is in the audit log.`,
    );
    setReprint({ reason: '', note: '' });
    void queryClient.invalidateQueries({ queryKey: documentKey(ref) });
  }

  return (
    <dialog
      ref={dialog}
      className="print-dialog"
      aria-labelledby="print-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="print-dialog-title">Print {title.toLowerCase()}</h2>
      <div className="print-dialog-body">
        <section
          className={`doc-preview doc-preview-${ref.kind}`}
          aria-label={`${title} preview${refused ? ', may not print yet' : ''}`}
        >
          {data.isPending ? <p role="status">Preparing the preview…</p> : null}
          {data.isError ? (
            <p role="alert">
              The {title.toLowerCase()} cannot be drawn: {messageOf(data.error)}
            </p>
          ) : null}
          {data.data ? <DocumentSheet data={data.data} refused={refused} /> : null}
        </section>
        <div className="print-dialog-side">
          {check.isError ? <p role="alert">{messageOf(check.error)}</p> : null}
          {check.data && !check.data.allowed ? (
            <p className="notice notice-bad print-refusal" role="alert">
              {check.data.reason}
            </p>
          ) : null}
          {check.data?.allowed ? (
            <p className="notice" role="status">
              {ref.kind === 'prescription_label' ? 'Verified at this station: ready to print.' : 'Ready to print.'}
            </p>
          ) : null}
          {check.data && !check.data.allowed && ref.kind === 'prescription_label' && session?.user ? (
            <OverrideFields
              signedInRole={session.role}
              signedInName={
                [session.user.firstName, session.user.lastName].filter(Boolean).join(' ') || session.user.email
              }
              override={override}
              onOverride={setOverride}
            />
          ) : null}
          {copies > 0 ? (
            <ReprintFields
              copies={copies}
              choice={reprint}
              onChange={(choice) => {
                setReprint(choice);
                setProblem(null);
              }}
            />
          ) : null}
          <Problem text={problem} />
          {done ? (
            <p className="notice" role="status">
              {done}
            </p>
          ) : null}
          <div className="print-dialog-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={blocked || busy || !data.data}
              onClick={() => void run('print')}
            >
              {copies > 0 ? 'Reprint' : 'Print'}
            </button>
            <button
              type="button"
              className="button"
              disabled={blocked || busy || !data.data}
              onClick={() => void run('pdf')}
            >
              Save PDF
            </button>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      </div>
      {/* What the page prints (the browser's own print too): the document once main would allow it, else why not. */}
      {data.data
        ? createPortal(
            <div className="print-layer">
              {blocked ? (
                <p className="print-layer-refusal">{check.data?.reason ?? 'This document may not print yet.'}</p>
              ) : (
                <DocumentSheet data={data.data} />
              )}
            </div>,
            document.body,
          )
        : null}
    </dialog>
  );
}
