// The Print button screens place, and the print preview it opens: the document exactly as main prepared it, why it
// may not print yet (before anyone tries), a reason for a reprint, a pharmacist's allowance for an unverified label,
// then Print or Save PDF, which present main's one-time ticket: main gates the copy, records it with the hash of that
// content, and only then does it go to paper.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import type { DocumentContent } from '../../contract/document-content.ts';
import { DOCUMENT_TITLES, type DocumentRef, type ReprintReason } from '../../contract/documents.ts';
import type { PrintOutput } from '../../contract/ipc/print.ts';
import { nameOf } from '../../rules/words/person-name.ts';
import { Problem } from '../forms/Problem.tsx';
import { onPrintDrawing, presentTicket, printCheckKey, usePreparedDocument } from '../queries/print.ts';
import { sessionMay, useSession } from '../queries/session.ts';
import { messageOf, StationCallError } from '../queries/station.ts';
import { DocumentSheet } from './DocumentSheet.tsx';
import { type Override, OverrideFields } from './OverrideFields.tsx';
import { PharmacySettingsWay } from './PharmacyDetailsMissing.tsx';
import { printInPage } from './print-in-page.ts';
import { type ReprintChoice, ReprintFields, reprintProblem } from './ReprintFields.tsx';

/** What the page prints when no copy is going out: never a document that has not been recorded. */
const NOT_PRINTING = 'Print this document with its Print button in the station: each copy is recorded as it goes out.';

/** A button that opens the print preview of one document; screens place it, the documents kit does the rest. */
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

export function PrintDialog({ document: ref, onClose }: { document: DocumentRef; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const prepared = usePreparedDocument(ref);
  const session = useSession().data;
  /** What the print layer holds while a copy goes out; drawn: the recorded copy's hash, once main sent it. */
  const [printing, setPrinting] = useState<{ content: DocumentContent; drawn?: string } | null>(null);
  const [reprint, setReprint] = useState<ReprintChoice>({ reason: '', note: '' });
  const [override, setOverride] = useState<Override | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** After a copy the ticket is spent: the copies main counted then, until the next copy prepares again. */
  const [spent, setSpent] = useState<number | null>(null);
  const title = DOCUMENT_TITLES[ref.kind];

  // The desktop app prints this page from main: main sends the recorded copy's content first (a refused label's
  // preview has no barcode or patient), and the print layer says it drew it.
  useEffect(() => onPrintDrawing((content, drawn) => flushSync(() => setPrinting({ content, drawn }))), []);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const copies = spent ?? prepared.data?.copies ?? 0;
  const blocked = prepared.data ? !prepared.data.allowed && !override : true;
  const refused = prepared.data !== undefined && !prepared.data.allowed && !override;
  const content = prepared.data?.content ?? null;
  /** Closing tells the screen behind what main now says of this document (copies printed). */
  function close() {
    void queryClient.invalidateQueries({ queryKey: printCheckKey(ref) });
    onClose();
  }
  async function run(output: PrintOutput) {
    if (busy || !content) return;
    const missing = copies > 0 ? reprintProblem(reprint) : null;
    if (missing) return setProblem(missing);
    setBusy(true);
    setProblem(null);
    // A ticket serves once: another copy is prepared again (its own ticket, the copies counted by main).
    const current = spent === null ? prepared.data : (await prepared.refetch()).data;
    setSpent(null);
    if (!current?.ticket || !current.content) {
      setBusy(false);
      return setProblem(current?.reason ?? 'This document cannot be printed now: close the preview and open it again.');
    }
    // The page's print layer holds the ticket's content while main prints it (the desktop app prints this page).
    flushSync(() => setPrinting({ content: current.content as DocumentContent }));
    const answer = await presentTicket({
      ticket: current.ticket,
      output,
      reprint: copies > 0 ? { reason: reprint.reason as ReprintReason, note: reprint.note.trim() } : null,
      override: override ? { confirmationId: override.confirmationId, note: override.note } : null,
    });
    // The page prints what main answered (a refused label's preview has no barcode or patient; the copy has them).
    if (answer.ok && answer.result.handledBy === 'renderer') {
      flushSync(() => setPrinting({ content: answer.result.content }));
      printInPage();
    }
    setPrinting(null);
    setBusy(false);
    setSpent(answer.ok ? answer.result.copy : current.copies);
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
  }

  return (
    <dialog
      ref={dialog}
      className="print-dialog"
      aria-labelledby="print-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id="print-dialog-title">Print {title.toLowerCase()}</h2>
      <div className="print-dialog-body">
        <section
          className={`doc-preview doc-preview-${ref.kind}`}
          aria-label={`${title} preview${refused ? ', may not print yet' : ''}`}
        >
          {prepared.isPending ? <p role="status">Preparing the preview…</p> : null}
          {prepared.isError ? (
            <p role="alert">
              {/* A refusal of main's gate says why in its own words ("No label yet: …"); only a failure is "cannot be drawn". */}
              {prepared.error instanceof StationCallError && prepared.error.code === 'not_allowed'
                ? messageOf(prepared.error)
                : `The ${title.toLowerCase()} cannot be drawn: ${messageOf(prepared.error)}`}
            </p>
          ) : null}
          {content ? <DocumentSheet content={content} refused={refused} /> : null}
        </section>
        <div className="print-dialog-side">
          {prepared.data && !prepared.data.allowed ? (
            <p className="notice notice-bad print-refusal" role="alert">
              {prepared.data.reason}
            </p>
          ) : null}
          {prepared.data?.allowed && prepared.data.awaitingFinalCheck && !override ? (
            <p className="notice notice-warn" role="status" aria-label="Awaiting the pharmacist’s final check">
              {prepared.data.awaitingFinalCheck}
            </p>
          ) : prepared.data?.allowed ? (
            <p className="notice" role="status">
              {ref.kind === 'prescription_label' ? 'Verified at this station: ready to print.' : 'Ready to print.'}
            </p>
          ) : null}
          {prepared.data?.blockedBy === 'pharmacy_missing' ? <PharmacySettingsWay onOpen={close} /> : null}
          {(prepared.data?.blockedBy === 'not_verified' ||
            prepared.data?.blockedBy === 'record_unreachable' ||
            prepared.data?.awaitingFinalCheck) &&
          ref.kind === 'prescription_label' &&
          session?.user ? (
            <OverrideFields
              mayAllow={sessionMay(session, 'allow_unverified_label')}
              signedInName={nameOf(session.user) ?? session.user.email}
              document={ref}
              finalCheck={prepared.data.blockedBy !== 'not_verified'}
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
              disabled={blocked || busy || !content}
              onClick={() => void run('print')}
            >
              {copies > 0 ? 'Reprint' : 'Print'}
            </button>
            <button
              type="button"
              className="button"
              disabled={blocked || busy || !content}
              onClick={() => void run('pdf')}
            >
              Save PDF
            </button>
            <button type="button" className="button" onClick={close}>
              Close
            </button>
          </div>
        </div>
      </div>
      {/* What the page prints (the browser's own print too): the ticket's content while its copy goes out, else why not. */}
      {createPortal(
        <div className="print-layer" data-drawn={printing?.drawn}>
          {printing ? (
            <DocumentSheet content={printing.content} />
          ) : (
            <p className="print-layer-refusal">{blocked ? (prepared.data?.reason ?? NOT_PRINTING) : NOT_PRINTING}</p>
          )}
        </div>,
        document.body,
      )}
    </dialog>
  );
}
