// While a stop is open the keyboard stays in its dialog, on the reason picklist: a scanner's burst there would choose a
// reason by its letters. Printable keys on the picklist are taken off it and, with Enter, handed on as a scan: main
// keeps it behind the stop and counts it once the stop is answered. The chosen reason is never changed by a scan.
import { type RefObject, useEffect, useRef } from 'react';

export function useScanBehindStop(field: RefObject<HTMLSelectElement | null>, onScan: (text: string) => void): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    const select = field.current;
    if (!select) return;
    let typed = '';
    function onKeyDown(event: KeyboardEvent) {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
      if (event.key === 'Enter') {
        if (!typed) return;
        event.preventDefault();
        const text = typed;
        typed = '';
        latest.current(text);
      } else if (event.key.length === 1 && event.key !== ' ') {
        event.preventDefault();
        typed += event.key;
      }
    }
    select.addEventListener('keydown', onKeyDown);
    return () => select.removeEventListener('keydown', onKeyDown);
  }, [field]);
}
