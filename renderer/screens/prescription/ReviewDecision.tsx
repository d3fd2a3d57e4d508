// The pharmacist's decision on the prescription, kept in the station's audit log: each failed check acknowledged with a
// reason before "Reviewed — OK to fill" is offered; "Needs clarification" and "Exception" queue a task linked to the
// prescription carrying the findings. Only a pharmacist records one (main refuses anyone else).

import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ReviewDecisionKind } from '../../../contract/audit-terms.ts';
import type { ReviewFinding } from '../../../contract/ipc/audit-review.ts';
import type { Check } from '../../../rules/clinical/checks.ts';
import { findingOf, headingOf } from '../../../rules/clinical/checks.ts';
import { writtenMoment } from '../../../rules/words/dates.ts';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { Problem } from '../../forms/Problem.tsx';
import { recordReview, reviewsKey, useReviews } from '../../queries/audit.ts';
import { enqueueTask } from '../../queries/outbox.ts';
import { orderHoldsKey } from '../../queries/prescription-holds.ts';
import { messageOf } from '../../queries/station.ts';
import { NextPrescription } from './NextPrescription.tsx';
import { reviewShortcuts } from './review-commands.ts';
import { DECISION_WORDS, type ReviewSubject, taskBody } from './review-task.ts';
import { reviewWords } from './wording.ts';

export function ReviewDecision({
  subject,
  checks,
  isPharmacist,
}: {
  subject: ReviewSubject;
  checks: Check[] | null;
  isPharmacist: boolean;
}) {
  const { prescriptionId } = subject;
  const ids = useId();
  const queryClient = useQueryClient();
  const [acks, setAcks] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const earlier = useReviews(prescriptionId);
  const failed = (checks ?? []).filter((check) => check.status === 'fail');
  const unacknowledged = failed.filter((check) => (acks[check.id] ?? '').trim().length < 3);

  async function decide(kind: ReviewDecisionKind) {
    if (!checks || busy) return;
    if (kind !== 'reviewed' && note.trim().length < 3) {
      setProblem('Say in the note what needs clarifying or why this is an exception.');
      return;
    }
    setBusy(true);
    setProblem(null);
    const findings: ReviewFinding[] = checks.map((check) => ({
      check: check.id,
      status: check.status,
      finding: findingOf(check).slice(0, 500),
      acknowledgement: check.status === 'pass' ? null : (acks[check.id] ?? '').trim() || null,
    }));
    try {
      let taskRef: string | null = null;
      if (kind !== 'reviewed') {
        const body = taskBody(kind, subject, findings, note.trim());
        taskRef = (await enqueueTask({ kind: 'create', body })).id;
      }
      await recordReview({ prescriptionId, decision: kind, findings, note: note.trim(), taskRef });
      void queryClient.invalidateQueries({ queryKey: reviewsKey(prescriptionId) });
      void queryClient.invalidateQueries({ queryKey: orderHoldsKey });
    } catch (error) {
      setProblem(`The decision was not recorded: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  }

  const canDecide = isPharmacist && checks !== null && !busy;
  useCommands([
    {
      id: 'prescription.reviewed',
      title: DECISION_WORDS.reviewed,
      group: 'Prescription',
      shortcut: reviewShortcuts.reviewed,
      keywords: 'ok to fill approve decision',
      enabled: canDecide && unacknowledged.length === 0,
      run: () => void decide('reviewed'),
    },
    {
      id: 'prescription.needsClarification',
      title: DECISION_WORDS.needs_clarification,
      group: 'Prescription',
      shortcut: reviewShortcuts.needsClarification,
      keywords: 'clarify prescriber task decision',
      enabled: canDecide,
      run: () => void decide('needs_clarification'),
    },
    {
      id: 'prescription.exception',
      title: DECISION_WORDS.exception,
      group: 'Prescription',
      shortcut: reviewShortcuts.exception,
      keywords: 'exception task decision',
      enabled: canDecide,
      run: () => void decide('exception'),
    },
  ]);

  const latest = earlier.data?.[0];
  return (
    <section className="card rx-decision" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{reviewWords.decision.title}</h2>
      {latest ? (
        <p className="rx-decision-recorded" role="status">
          {reviewWords.decision.recorded}
          {DECISION_WORDS[latest.decision]}
          {reviewWords.decision.by}
          {latest.user.name ?? latest.user.email}, {writtenMoment(latest.recordedAt)}
          {latest.taskRef ? reviewWords.decision.taskQueued : '.'}
        </p>
      ) : null}
      {!isPharmacist ? (
        <p className="muted">{reviewWords.decision.pharmacistOnly}</p>
      ) : checks === null ? (
        <p className="muted">{reviewWords.decision.waitsForChecks}</p>
      ) : (
        <>
          {failed.length > 0 ? (
            <fieldset className="rx-acks">
              <legend>{reviewWords.decision.acknowledge}</legend>
              {failed.map((check) => (
                <div key={check.id} className="rx-ack">
                  <label htmlFor={`${ids}-${check.id}`}>
                    {headingOf(check)}
                    {check.id === 'pdmp' ? reviewWords.decision.pdmpShowed : reviewWords.decision.whyAcceptable}
                  </label>
                  <input
                    id={`${ids}-${check.id}`}
                    className="rx-input"
                    value={acks[check.id] ?? ''}
                    maxLength={500}
                    onChange={(event) => setAcks((all) => ({ ...all, [check.id]: event.target.value }))}
                  />
                </div>
              ))}
            </fieldset>
          ) : null}
          <label htmlFor={`${ids}-note`}>{reviewWords.decision.note}</label>
          <input
            id={`${ids}-note`}
            className="rx-input"
            value={note}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
          />
          {unacknowledged.length > 0 ? (
            <p className="muted" id={`${ids}-why-not`}>
              {reviewWords.decision.toGo(unacknowledged.length)}
            </p>
          ) : null}
          <Problem text={problem} />
          <div className="rx-decision-actions">
            <ActionButton
              primary
              keyLook="quiet"
              shortcut={reviewShortcuts.reviewed}
              disabled={busy || unacknowledged.length > 0}
              title={unacknowledged.length > 0 ? reviewWords.decision.toGo(unacknowledged.length) : undefined}
              onClick={() => void decide('reviewed')}
            >
              {DECISION_WORDS.reviewed}
            </ActionButton>
            <ActionButton
              keyLook="quiet"
              shortcut={reviewShortcuts.needsClarification}
              disabled={busy}
              onClick={() => void decide('needs_clarification')}
            >
              {DECISION_WORDS.needs_clarification}
            </ActionButton>
            <ActionButton
              keyLook="quiet"
              shortcut={reviewShortcuts.exception}
              disabled={busy}
              onClick={() => void decide('exception')}
            >
              {DECISION_WORDS.exception}
            </ActionButton>
            {latest ? <NextPrescription currentId={prescriptionId} /> : null}
          </div>
        </>
      )}
    </section>
  );
}
