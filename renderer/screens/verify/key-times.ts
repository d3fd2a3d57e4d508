// When each key reached a field, so a submission can tell a scanner's burst from typing (entry-method.ts).
import { useEffect, useRef } from 'react';

/**
 * Records the keydown times of printable keys in the element with id `fieldId` and, at Enter, keeps them (with the
 * Enter's time last) for `takeLast()`. Listens in the capture phase, so the times are there before the form submits.
 */
export function useKeyTimes(fieldId: string): { takeLast(): number[] } {
  const typing = useRef<number[]>([]);
  const submitted = useRef<number[]>([]);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.id !== fieldId) return;
      if (event.key === 'Enter') {
        submitted.current = [...typing.current, event.timeStamp];
        typing.current = [];
      } else if (event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey) {
        typing.current.push(event.timeStamp);
      } else if (event.key === 'Backspace' || event.key === 'Delete') {
        // An edit is a person at the keys: start over so the burst test looks at clean keystrokes.
        typing.current = [];
      }
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [fieldId]);
  return {
    takeLast() {
      const times = submitted.current;
      submitted.current = [];
      return times;
    },
  };
}
