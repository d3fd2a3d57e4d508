// A hard stop: a modal alert dialog that keeps the keyboard until the person gives a reason (picklist and a note), or
// turns the stop into a discrepancy task with Alt+D. Escape does not dismiss it; a scan cannot answer it (it is kept
// behind the stop: use-scan-behind-stop.ts). It closes only once the stop is in the audit log: a refusal stays.
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { matchesShortcut } from '../../commands/shortcut.ts';
import { confirmPharmacist, PharmacistFields } from '../../signoff/PharmacistFields.tsx';
import '../../signoff/signoff.css';
import { reasonFits } from '../../../contract/ipc/audit.ts';
import { needsPharmacist, reasonsFor } from '../../../rules/verification/discrepancy.ts';
import { dayForPeople } from '../../../rules/verification/lines.ts';
import type { DismissReason, PendingStop } from '../../../rules/verification/run.ts';
import { Problem } from '../../forms/Problem.tsx';
import { entryMethodOf } from './entry-method.ts';
import { useKeyTimes } from './key-times.ts';
import { useScanBehindStop } from './use-scan-behind-stop.ts';
import { verifyWords } from './wording.ts';

export const REPORT_SHORTCUT = 'Alt+D';
const MIN_NOTE = 3;

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('select, input, button:not([disabled])')];
}

export function StopDialog({
  orderId,
  pending,
  reporting,
  onDismiss,
  onReport,
  onScanBehind,
}: {
  /** The order of the run: a pharmacist's confirmation clears a stop of this order only. */
  orderId: string;
  pending: PendingStop;
  reporting: boolean;
  /** Keeps and lets go of the stop (with the pharmacist's confirmation when the reason needs one); answers why not, or null. */
  onDismiss: (reason: DismissReason, note: string, confirmationId: string | null) => Promise<string | null>;
  /** Alt+D: a task carrying the reason and note typed so far. */
  onReport: (reason: DismissReason | null, note: string) => Promise<string | null>;
  /** A scan that landed in the dialog: sent on, kept behind the stop by main. */
  onScanBehind: (text: string) => void;
}) {
  const [who, setWho] = useState('');
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState<{ id: string; name: string } | null>(null);
  const [reason, setReason] = useState<DismissReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const reasonField = useRef<HTMLSelectElement>(null);
  const ids = useId();
  const noteId = `${ids}-note`;
  const noteTimes = useKeyTimes(noteId);
  useScanBehindStop(reasonField, onScanBehind);

  useEffect(() => {
    reasonField.current?.focus();
    // The keyboard stays here: focus that leaves the dialog (the scan field taking it back) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (dialog.current && !dialog.current.contains(event.target as Node)) reasonField.current?.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const times = noteTimes.takeLast();
    if (reason === '') {
      setProblem(verifyWords.stop.chooseWhy);
      reasonField.current?.focus();
      return;
    }
    if (note.trim().length > 0 && entryMethodOf(times, note.trim().length) === 'scanner') {
      setNote('');
      setProblem(verifyWords.stop.notScanned);
      return;
    }
    if (note.trim().length < MIN_NOTE) {
      setProblem(verifyWords.stop.sayWhat);
      document.getElementById(noteId)?.focus();
      return;
    }
    setSaving(true);
    let confirmationId: string | null = null;
    if (needsPharmacist(reason, pending.kind)) {
      const result = confirmed ? null : await confirmPharmacist(who, password, { kind: 'clear_stop', orderId });
      setPassword('');
      if (result && !result.ok) {
        setSaving(false);
        setProblem(result.message);
        return;
      }
      const held = result?.ok
        ? {
            id: result.confirmation.confirmationId,
            name: result.confirmation.pharmacist.name ?? result.confirmation.pharmacist.email,
          }
        : confirmed;
      setConfirmed(held);
      confirmationId = held?.id ?? null;
    }
    const failed = await onDismiss(reason, note.trim(), confirmationId);
    // On success the dialog is gone; a refusal is said here and the reason and note stay for another try.
    if (failed) {
      setSaving(false);
      setProblem(failed);
    }
  }

  // A stop only a pharmacist lets go (not the prescribed drug) is never turned into a task instead.
  const reportable = reasonFits(pending.kind, 'reported_as_task');
  async function report() {
    if (reporting || saving || !reportable) return;
    const failed = await onReport(reason === '' ? null : reason, note.trim());
    if (failed) setProblem(failed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (matchesShortcut(event, REPORT_SHORTCUT)) {
      event.preventDefault();
      void report();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setProblem(reportable ? verifyWords.stop.needsReason : verifyWords.stop.needsPharmacist);
    } else if (event.key === 'Tab' && dialog.current) {
      const all = focusables(dialog.current);
      const first = all[0];
      const last = all.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
      return;
    }
    // No other command (the palette included) reaches behind the dialog.
    if (event.ctrlKey || event.altKey || event.metaKey) event.preventDefault();
  }

  const facts = pending.facts;
  return (
    <div className="verify-backdrop">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-message`}
        className="verify-stop"
        onKeyDown={onKeyDown}
      >
        <h2 id={`${ids}-title`} className="verify-stop-title">
          <span aria-hidden="true" className="verify-stop-mark">
            ✕
          </span>
          {verifyWords.stop.hardStop(pending.title)}
        </h2>
        <p id={`${ids}-message`} className="verify-stop-message">
          {pending.message}
        </p>
        <dl className="verify-stop-facts">
          <dt>{verifyWords.stop.scanned}</dt>
          <dd>
            <code>{facts.code}</code>
            {facts.quantity > 1 ? ` × ${facts.quantity}` : ''}
          </dd>
          {facts.lot ? (
            <>
              <dt>{verifyWords.stop.lot}</dt>
              <dd>{facts.lot}</dd>
            </>
          ) : null}
          {facts.expiry ? (
            <>
              <dt>{verifyWords.stop.expiry}</dt>
              <dd>{dayForPeople(facts.expiry)}</dd>
            </>
          ) : null}
        </dl>
        <form className="verify-stop-form" onSubmit={(event) => void submit(event)} noValidate>
          <label className="field">
            {verifyWords.stop.reason}
            <select
              ref={reasonField}
              className="verify-select"
              value={reason}
              onChange={(event) => setReason(event.target.value as DismissReason | '')}
              aria-invalid={problem !== null && reason === ''}
            >
              <option value="">{verifyWords.stop.chooseReason}</option>
              {reasonsFor(pending.kind).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {verifyWords.stop.done}
            <input
              id={noteId}
              className="verify-note"
              value={note}
              maxLength={500}
              autoComplete="off"
              onChange={(event) => setNote(event.target.value)}
              aria-invalid={problem !== null && note.trim().length < MIN_NOTE}
            />
          </label>
          {needsPharmacist(reason, pending.kind) ? (
            <PharmacistFields
              idPrefix={ids}
              who={who}
              password={password}
              onWho={setWho}
              onPassword={setPassword}
              confirmedBy={confirmed?.name ?? null}
            />
          ) : null}
          <Problem text={problem} />
          <div className="verify-stop-actions">
            <button type="submit" className="button button-primary" aria-keyshortcuts="Enter" disabled={saving}>
              {verifyWords.stop.dismiss} <kbd className="action-key-bold">{verifyWords.stop.enterKey}</kbd>
            </button>
            {reportable ? (
              <button
                type="button"
                className="button"
                onClick={() => void report()}
                disabled={reporting || saving}
                aria-keyshortcuts={REPORT_SHORTCUT}
              >
                {verifyWords.stop.report} <kbd className="action-key-bold">{REPORT_SHORTCUT}</kbd>
              </button>
            ) : null}
          </div>
        </form>
      </div>
    </div>
  );
}
