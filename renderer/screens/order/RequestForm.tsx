// A replacement or cancellation request being written: a reason from the list, details in words, checked before sending.
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { playBad, playGood } from '../../feedback/sounds.ts';
import { focusScanField } from '../../scan/focus.ts';
import { KeyHint } from './Panel.tsx';
import { draftKey, type RequestKind, useDraft, useRequestDraftsStore } from './request-drafts-store.ts';
import type { DraftErrors, ReasonChoice, RequestDraft } from './requests.ts';
import { orderWords } from './wording.ts';

export interface RequestFormProps<B> {
  kind: RequestKind;
  title: string;
  choices: readonly ReasonChoice[];
  userId: string;
  orderId: string;
  /** The request body, or what is wrong with the draft (the contract's schema decides). */
  toBody(draft: RequestDraft): { ok: true; body: B } | { ok: false; errors: DraftErrors };
  /** Sends it; rejects with the service's refusal. */
  send(body: B): Promise<unknown>;
  sending: boolean;
  /** The service's last refusal, in its own words. */
  refusal: string | null;
}

export function RequestForm<B>({
  kind,
  title,
  choices,
  userId,
  orderId,
  toBody,
  send,
  sending,
  refusal,
}: RequestFormProps<B>) {
  const key = draftKey(userId, orderId, kind);
  const draft = useDraft(key);
  const update = useRequestDraftsStore((state) => state.update);
  const clear = useRequestDraftsStore((state) => state.clear);
  const [errors, setErrors] = useState<DraftErrors>({});
  const reasonRef = useRef<HTMLSelectElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const id = `request-${kind}`;
  const choice = choices.find((candidate) => candidate.code === draft.reasonCode);

  // Opened by a shortcut: the hands go straight to the reason (before the scan field can take the focus back).
  useLayoutEffect(() => reasonRef.current?.focus(), []);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (sending) return;
    const checked = toBody(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      (checked.errors.reason ? reasonRef : detailsRef).current?.focus();
      playBad();
      return;
    }
    setErrors({});
    try {
      await send(checked.body);
      clear(key);
      playGood();
      focusScanField(true);
    } catch {
      // The refusal shows under the form in the service's words; the draft stays as typed.
      playBad();
    }
  }

  function close() {
    update(key, { open: false });
    focusScanField(true);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  }

  return (
    <form
      className="order-request-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <h4 id={`${id}-title`}>{title}</h4>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{orderWords.requestForm.reason}</label>
        <select
          id={`${id}-reason`}
          ref={reasonRef}
          value={draft.reasonCode}
          onChange={(event) => update(key, { reasonCode: event.target.value })}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        >
          <option value="">{orderWords.requestForm.pickReason}</option>
          {choices.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        {errors.reason ? (
          <span id={`${id}-reason-error`} className="field-error">
            {errors.reason}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-details`}>{choice?.needsDetails ? 'Details' : 'Details (optional)'}</label>
        <textarea
          id={`${id}-details`}
          ref={detailsRef}
          rows={3}
          value={draft.details}
          onChange={(event) => update(key, { details: event.target.value })}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? `${id}-details-error` : undefined}
        />
        {errors.details ? (
          <span id={`${id}-details-error`} className="field-error">
            {errors.details}
          </span>
        ) : null}
      </div>
      {refusal ? (
        <p className="notice notice-bad" role="alert">
          {orderWords.requestForm.notSent(refusal)}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" className="button button-primary" disabled={sending} aria-keyshortcuts="Control+Enter">
          {sending ? orderWords.requestForm.sending : orderWords.requestForm.send}
          <KeyHint shortcut="Ctrl+Enter" />
        </button>
        <button type="button" className="button" onClick={close} aria-keyshortcuts="Escape">
          {orderWords.requestForm.close}
          <KeyHint shortcut="Esc" />
        </button>
      </div>
    </form>
  );
}
