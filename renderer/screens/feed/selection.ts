// Choosing an event with the keyboard (the scan field keeps the focus, so arrows alone cannot move through the list).
import type { FeedEvent } from '../../queries/events.ts';

/** The key `step` places from `current` (-1 up, 1 down), staying at the ends; from nothing, the first (or last). */
export function moveSelection(items: readonly FeedEvent[], current: string | null, step: 1 | -1): string | null {
  if (items.length === 0) return null;
  const index = current === null ? -1 : items.findIndex((item) => item.key === current);
  if (index === -1) return (step === 1 ? items[0] : items.at(-1))?.key ?? null;
  const next = Math.min(items.length - 1, Math.max(0, index + step));
  return items[next]?.key ?? null;
}
