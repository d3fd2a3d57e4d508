// The search screen's state: the typed text, the query sent once typing pauses (or at Enter), the answer on screen
// and whose it is, the service's refusal, and the last answer kept readable while the service is unreachable.
import { useEffect, useRef, useState } from 'react';
import { useOffline } from '../../queries/connectivity.ts';
import { checkSearchText, SCREEN_LIMIT, type SearchAnswer, useSearch } from '../../queries/search.ts';
import { messageOf } from '../../queries/station.ts';
import { useDebounced } from './use-debounced.ts';

/** Long enough to type a word, short enough to feel immediate. */
export const TYPING_PAUSE_MS = 200;

export interface SearchScreen {
  text: string;
  type(text: string): void;
  /** Puts a query in the field and sends it at once (opened with a query: the palette, Back). */
  load(text: string): void;
  /** Sends the typed text now (Enter before the pause); answers false when it was already sent. */
  sendNow(): boolean;
  /** Why the typed text cannot be sent (too long), shown at the field. */
  invalid: string | null;
  /** The answer on screen: the current one, the previous while the next is on its way, or the last while offline. */
  answer: SearchAnswer | null;
  searching: boolean;
  /** The service's or the station's refusal of the query, as it said it. */
  error: string | null;
  /** The query that could not be answered (the service refused it, or did not answer). */
  failedQuery: string | null;
  offline: boolean;
  /** The shown answer could not be refreshed (offline): when it was read, for the stale note. */
  staleSince: number | null;
}

export function useSearchScreen(initial: string): SearchScreen {
  const [text, setText] = useState(initial);
  const [sent, setSent] = useState(initial);
  const settled = useDebounced(text, TYPING_PAUSE_MS);
  const [lastGood, setLastGood] = useState<{ answer: SearchAnswer; at: number } | null>(null);
  const offline = useOffline();

  // Typing paused: send what is typed (Enter sends it sooner).
  useEffect(() => setSent(settled), [settled]);

  const typed = checkSearchText(text);
  const checked = checkSearchText(sent);
  const q = checked.ok ? checked.q : null;
  const search = useSearch(q, SCREEN_LIMIT);
  const fresh = q !== null && search.data && !search.isPlaceholderData ? search.data : null;

  useEffect(() => {
    if (fresh) setLastGood({ answer: fresh, at: search.dataUpdatedAt });
  }, [fresh, search.dataUpdatedAt]);

  const failed = q !== null && search.isError;
  // The service is back: ask again what could not be answered while it was away (only then: a refusal stays).
  const wasOffline = useRef(offline);
  const { refetch } = search;
  useEffect(() => {
    if (wasOffline.current && !offline && failed) void refetch();
    wasOffline.current = offline;
  }, [offline, failed, refetch]);
  const keepLast = failed && offline && lastGood !== null;
  let answer: SearchAnswer | null = null;
  if (q !== null && search.data) answer = search.data;
  else if (keepLast && lastGood) answer = lastGood.answer;

  return {
    text,
    type: setText,
    load(next) {
      setText(next);
      setSent(next);
    },
    sendNow() {
      if (sent === text) return false;
      setSent(text);
      return true;
    },
    invalid: !typed.ok && text.trim() !== '' ? typed.message : null,
    answer,
    searching: q !== null && search.isFetching,
    error: failed ? messageOf(search.error) : null,
    failedQuery: failed ? q : null,
    offline,
    staleSince: keepLast && lastGood ? lastGood.at : null,
  };
}
