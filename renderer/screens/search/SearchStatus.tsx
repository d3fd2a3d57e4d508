// What the search is doing, in words: waiting for text, searching, how many results for which query, nothing found.
import { quotedPhrases } from './search-terms.ts';

/** `answer`: the query the results on screen answer, their count, and the most the service was asked for. */
export function SearchStatus({
  answer,
  searching,
}: {
  answer: { q: string; count: number; limit: number; groups: { label: string; count: number }[] } | null;
  searching: boolean;
}) {
  if (!answer) {
    return (
      <p className="search-status muted" role="status">
        {searching ? 'Searching…' : ''}
      </p>
    );
  }
  const { q, count, limit, groups } = answer;
  const phrases = quotedPhrases(q);
  return (
    <div className="search-status" role="status">
      {count === 0 ? (
        <p className="search-none">
          Nothing found for <strong>“{q}”</strong>.
          {phrases.length > 0
            ? ' Words in quotes must appear together, exactly as typed: try them without the quotes.'
            : ' Check the spelling, or search by a number, a phone or an email.'}
        </p>
      ) : (
        <p>
          {count === 1 ? '1 result' : `${count} results`} for <strong>“{q}”</strong>
          {count >= limit ? `: the best ${limit} shown; add a word to narrow the search` : null}
          {phrases.length > 0 ? (
            <span className="muted"> · exact phrase {phrases.map((p) => `“${p}”`).join(', ')}</span>
          ) : null}
        </p>
      )}
      {groups.length > 1 ? (
        <ul className="search-group-counts" aria-label="Results by kind">
          {groups.map((group) => (
            <li key={group.label}>
              {group.label} <span className="search-count">{group.count}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {searching ? <p className="muted">Searching…</p> : null}
    </div>
  );
}

/** Before anything is typed: what can be found and how. */
export function SearchIntro() {
  return (
    <section className="card search-intro" aria-label="How to search">
      <p>
        Find orders, patients, prescribers, prescriptions, products and tasks by an order number, external id, name,
        phone or part of one, email, date of birth, NPI, DEA, SKU, drug or task name.
      </p>
      <ul>
        <li>
          Every word must match, in any field: <kbd>avery 0104</kbd>
        </li>
        <li>
          Put an exact phrase in quotes: <kbd>"Avery Example"</kbd>
        </li>
        <li>
          <kbd>↑</kbd> <kbd>↓</kbd> choose a result, <kbd>Enter</kbd> opens it, <kbd>Esc</kbd> goes back to the scan
          field, <kbd>Ctrl+F</kbd> comes back here.
        </li>
      </ul>
    </section>
  );
}

/**
 * The service does not answer: one note saying so, which query went unanswered, and whose results stay on screen
 * from when (the shared StaleNote's message, joined with the search's own so the screen holds one warning, not three).
 */
export function OfflineNote({
  failedQuery,
  shown,
  readAt,
}: {
  failedQuery: string | null;
  shown: string | null;
  readAt: number | null;
}) {
  const unanswered = failedQuery ? ` “${failedQuery}” could not be searched.` : '';
  const kept =
    readAt !== null && shown !== null
      ? ` The results for “${shown}” were read at ${new Date(readAt).toLocaleTimeString()} and may be out of date.`
      : ' Search again when it is back.';
  return (
    <p className="notice notice-warn" role="status">
      <strong>Offline:</strong> the service is not answering.{unanswered}
      {kept}
    </p>
  );
}
