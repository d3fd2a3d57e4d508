// The order view shows what a scan is for (number, status, patient, the action bar) in the first frame after the scan,
// and mounts the rest just after that frame is painted: the panels read five more things through the bridge and are
// most of the card's rendering, and none of it should hold up the first sight of the order (issue 13's p95 target).
import { startTransition, useEffect, useState } from 'react';

/** If animation frames are throttled (a window in the background), the panels do not wait for one longer than this. */
const LONGEST_WAIT_MS = 100;

/** False for the first render of the calling component; true once the frame that showed it has been painted. */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let after: ReturnType<typeof setTimeout> | undefined;
    // A low-priority render: a key pressed meanwhile (the next scan) goes first.
    const show = () => startTransition(() => setPainted(true));
    // A frame's callback runs before that frame is painted; a task queued from it runs after the paint.
    const frame = requestAnimationFrame(() => {
      after = setTimeout(show, 0);
    });
    const fallback = setTimeout(show, LONGEST_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(after);
      clearTimeout(fallback);
    };
  }, []);
  return painted;
}
