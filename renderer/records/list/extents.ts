// How long each virtual list is known to be, kept apart from the pages themselves so it survives their eviction.
import { useSyncExternalStore } from 'react';
import { type Extent, emptyExtent } from './paged-rows.ts';

// Only counts live here, never a patient's data: the pages stay in react-query, which forgets them at sign-out.
const extents = new Map<string, Extent>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function getExtent(key: string): Extent {
  return extents.get(key) ?? emptyExtent;
}

export function updateExtent(key: string, update: (extent: Extent) => Extent): void {
  const next = update(getExtent(key));
  if (next === extents.get(key)) return;
  extents.set(key, next);
  changed();
}

/** Forgets what was learnt of a list's length (its pages were dropped, or it changed). */
export function resetExtent(key: string): void {
  if (!extents.delete(key)) return;
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useExtent(key: string): Extent {
  return useSyncExternalStore(
    subscribe,
    () => getExtent(key),
    () => getExtent(key),
  );
}
