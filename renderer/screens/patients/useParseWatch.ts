// Waiting for freeform text to become matches: the list is re-read until the text's matches arrive (or a bound).
import { useEffect, useRef, useState } from 'react';
import { useRiskFactors } from '../../queries/patients.ts';
import { arrivedSince, type ParseWatch, watchSettled } from './risk-factors.ts';

/** How often the list is re-read while the service parses (it parses within a second in training). */
const POLL_MS = 500;

export function useParseWatch(patientId: string) {
  const [watch, setWatch] = useState<(ParseWatch & { text: string }) | null>(null);
  const [finished, setFinished] = useState<{ text: string; ids: string[]; unsure: boolean } | null>(null);
  const matches = useRiskFactors(patientId, watch ? POLL_MS : false);
  const data = matches.data;
  // A failed read counts too, so a wait ends even while the service does not answer.
  const updatedAt = Math.max(matches.dataUpdatedAt, matches.errorUpdatedAt);

  // Each new answer moves the wait on once; the watch changing (as it does here) must not count as a read.
  const counted = useRef(updatedAt);
  useEffect(() => {
    if (!watch || !data || updatedAt === counted.current) return;
    counted.current = updatedAt;
    const next = { ...watch, reads: watch.reads + 1 };
    if (watchSettled(next, data)) {
      setFinished({ text: watch.text, ids: arrivedSince(next, data).map((m) => m.id), unsure: matches.isError });
      setWatch(null);
    } else {
      setWatch(next);
    }
  }, [watch, data, updatedAt, matches.isError]);

  const start = (text: string, textIds: readonly string[] | null) => {
    setFinished(null);
    counted.current = updatedAt;
    setWatch({ text, before: (data ?? []).map((m) => m.id), textIds, reads: 0 });
  };

  const arrivedIds = watch ? arrivedSince(watch, data ?? []).map((m) => m.id) : (finished?.ids ?? []);
  return {
    matches,
    start,
    waitingFor: watch?.text ?? null,
    arrivedIds: new Set(arrivedIds),
    finished: finished ? { text: finished.text, count: finished.ids.length, unsure: finished.unsure } : null,
  };
}
