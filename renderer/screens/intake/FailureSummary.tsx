// The top of a refused intake: nothing was created, which part failed and why, with a way to each failing part.
import type { Ref } from 'react';
import { type Part, partTitles } from './draft.ts';
import { partsWithIssues } from './field-paths.ts';
import { issueWords } from './field-words.ts';
import { useIntakeStore } from './intake-store.ts';
import { jumpToPart } from './use-intake.ts';
import { intakeWords } from './wording.ts';

export function FailureSummary({ summaryRef }: { summaryRef: Ref<HTMLDivElement> }) {
  const failure = useIntakeStore((state) => state.failure);
  const issues = useIntakeStore((state) => state.issues);
  const draft = useIntakeStore((state) => state.draft);
  if (!failure) return null;
  const failed: Part[] = partsWithIssues(issues);
  const general = issues.filter((issue) => issue.part === null);
  return (
    <div ref={summaryRef} className="notice notice-bad intake-failure" role="alert" tabIndex={-1}>
      <p className="intake-failure-head">{failure.headline}</p>
      {failed.length + general.length > 0 ? (
        <ul>
          {failed.map((part) => {
            const words = issues.filter((issue) => issue.part === part).map((issue) => issueWords(issue, draft));
            return (
              <li key={part}>
                <button type="button" className="intake-link" onClick={() => jumpToPart(part, true)}>
                  {partTitles[part]}
                </button>
                : {words.slice(0, 3).join(' ')}
                {words.length > 3 ? intakeWords.andMore(words.length - 3) : ''}
              </li>
            );
          })}
          {general.map((issue) => (
            <li key={issue.message}>{issue.message}</li>
          ))}
        </ul>
      ) : null}
      <p className="intake-kept">{intakeWords.kept}</p>
    </div>
  );
}
