// The pharmacist's decision on the prescription, kept in the station's audit log: each failed check acknowledged with a
// reason before "Reviewed — OK to fill" is offered; "Needs clarification" and "Exception" queue a task linked to the
// prescription carrying the findings. Only a pharmacist records one (main refuses anyone else).

import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ReviewDecisionKind } from '../../../contract/audit-terms.ts';
import type { ReviewFinding } from '../../../contract/ipc/audit-review.ts';
import type { TaskCreateBody } from '../../../contract/service/tasks.ts';
import type { Check } from '../../../rules/clinical/checks.ts';
import { findingOf, headingOf } from '../../../rules/clinical/findings.ts';
import { writtenMoment } from '../../../rules/words/dates.ts';
import { Problem } from '../../forms/Problem.tsx';
import { recordReview, reviewsKey, useReviews } from '../../queries/audit.ts';
import { enqueueTask } from '../../queries/outbox.ts';
import { messageOf } from '../../queries/station.ts';
import { reviewWords } from './wording.ts';

export const DECISION_WORDS: Record<ReviewDecisionKind, string> = {
  reviewed: 'Reviewed — OK to fill',
  needs_clarification: 'Needs clarification',
  exception: 'Exception',
};
/** The service's "Prescription" task category. */
const PRESCRIPTION_CATEGORY = 'T02';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function taskBody(
  kind: ReviewDecisionKind,
  title: string,
  prescriptionId: string,
  findings: ReviewFinding[],
  note: string,
): TaskCreateBody {
  const lines = findings
    .filter((f) => f.status !== 'pass')
    .map((f) => `- ${f.finding}${f.acknowledgement ? ` (acknowledged: ${f.acknowledgement})` : ''}`);
  const description = [
    `${DECISION_WORDS[kind]} on the review of ${title} at the station.`,
    note ? `Pharmacist's note: ${note}` : null,
    lines.length ? 'Findings:' : 'Findings: every check passed.',
    ...lines,
  ]
    .filter(Boolean)
    .join('\n')
    .slice(0, 5000);
  return {
    name: `${DECISION_WORDS[kind]}: ${title}`.slice(0, 200),
    description,
    category_code: PRESCRIPTION_CATEGORY,
    ...(UUID.test(prescriptionId) ? { prescription_id: prescriptionId } : {}),
  };
}

export function ReviewDecision({
  prescriptionId,
  title,
  checks,
  isPharmacist,
}: {
  prescriptionId: string;
  title: string;
  checks: Check[] | null;
  isPharmacist: boolean;
}) {
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
        const body = taskBody(kind, title, prescriptionId, findings, note.trim());
        taskRef = (await enqueueTask({ kind: 'create', body })).id;
      }
      await recordReview({ prescriptionId, decision: kind, findings, note: note.trim(), taskRef });
      void queryClient.invalidateQueries({ queryKey: reviewsKey(prescriptionId) });
    } catch (error) {
      setProblem(`The decision was not recorded: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  }

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
            <button
              type="button"
              className="button button-primary"
              disabled={busy || unacknowledged.length > 0}
              aria-describedby={unacknowledged.length > 0 ? `${ids}-why-not` : undefined}
              onClick={() => void decide('reviewed')}
            >
              {DECISION_WORDS.reviewed}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void decide('needs_clarification')}>
              {DECISION_WORDS.needs_clarification}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void decide('exception')}>
              {DECISION_WORDS.exception}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
