// What the search is doing, in words: waiting for text, searching, how many results for which query, nothing found.

import { clockTime } from '../../format/when.ts';
import { quotedPhrases } from './search-terms.ts';
import { searchWords } from './wording.ts';

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
        {searching ? searchWords.searching : ''}
      </p>
    );
  }
  const { q, count, limit, groups } = answer;
  const phrases = quotedPhrases(q);
  return (
    <div className="search-status" role="status">
      {count === 0 ? (
        <p className="search-none">
          {searchWords.nothingFor}
          <strong>“{q}”</strong>.{phrases.length > 0 ? searchWords.phraseAdvice : searchWords.spellingAdvice}
        </p>
      ) : (
        <p>
          {searchWords.resultCount(count)}
          {searchWords.forQuery}
          <strong>“{q}”</strong>
          {count >= limit ? searchWords.bestShown(limit) : null}
          {phrases.length > 0 ? <span className="muted">{searchWords.exactPhrase(phrases)}</span> : null}
        </p>
      )}
      {groups.length > 1 ? (
        <ul className="search-group-counts" aria-label={searchWords.byKind}>
          {groups.map((group) => (
            <li key={group.label}>
              {group.label} <span className="search-count">{group.count}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {searching ? <p className="muted">{searchWords.searching}</p> : null}
    </div>
  );
}

/** Before anything is typed: what can be found and how. */
export function SearchIntro() {
  return (
    <section className="card search-intro" aria-label={searchWords.howTo}>
      <p>{searchWords.whatFinds}</p>
      <ul>
        <li>
          {searchWords.everyWord}
          <kbd>{searchWords.examples.words}</kbd>
        </li>
        <li>
          {searchWords.exactQuotes}
          <kbd>{searchWords.examples.phrase}</kbd>
        </li>
        <li>
          <kbd>↑</kbd> <kbd>↓</kbd>
          {searchWords.keysChoose}
          <kbd>{searchWords.keys.enter}</kbd>
          {searchWords.keysOpens}
          <kbd>{searchWords.keys.escape}</kbd>
          {searchWords.keysBack}
          <kbd>{searchWords.keys.search}</kbd>
          {searchWords.keysReturn}
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
  const unanswered = failedQuery ? searchWords.notSearched(failedQuery) : '';
  const kept =
    readAt !== null && shown !== null
      ? searchWords.keptFrom(shown, clockTime(readAt, { seconds: true }))
      : searchWords.searchAgain;
  return (
    <p className="notice notice-warn" role="status">
      <strong>{searchWords.offline}</strong>
      {searchWords.notAnswering}
      {unanswered}
      {kept}
    </p>
  );
}
