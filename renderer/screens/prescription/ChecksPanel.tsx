// The checks panel: each check with its status as a word and a symbol (never colour alone) and the reason in plain words.
import type { Ref } from 'react';
import {
  type Check,
  type CheckStatus,
  headingOf,
  statusWords,
  summarise,
  worstStatus,
} from '../../../rules/clinical/checks.ts';
import { reviewWords } from './wording.ts';

const symbols: Record<CheckStatus, string> = { pass: '✓', warn: '!', fail: '✕' };

export function ChecksPanel({
  checks,
  panelRef,
  announcement,
}: {
  /** Null while the data the checks need is still being read. */
  checks: Check[] | null;
  panelRef: Ref<HTMLElement>;
  /** Read out after Alt+C: the summary and every check that did not pass. */
  announcement: string;
}) {
  const worst = checks ? worstStatus(checks) : null;
  return (
    <section
      ref={panelRef}
      className={`card rx-checks${worst ? ` rx-checks-${worst}` : ''}`}
      aria-labelledby="rx-checks-title"
      tabIndex={-1}
      data-keeps-focus=""
    >
      <div className="rx-checks-head">
        <h2 id="rx-checks-title">{reviewWords.checks}</h2>
      </div>
      <p className="rx-checks-summary" role="status">
        {checks ? summarise(checks) : 'Checking…'}
      </p>
      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>
      {checks ? (
        <ul className="rx-check-list" aria-label={reviewWords.checksList}>
          {checks.map((check) => (
            <li key={check.id} className={`rx-check rx-check-${check.status}`} data-check={check.id}>
              <span className="rx-check-badge">
                <span aria-hidden="true">{symbols[check.status]}</span> {statusWords[check.status]}
                <span className="sr-only">:</span>
              </span>
              <span className="rx-check-text">
                <strong className="rx-check-title">{headingOf(check)}</strong>
                <span className="rx-check-reason">{check.reason}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
