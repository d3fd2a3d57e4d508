// The intake screen's shared hooks: issues placed for the current draft, field bindings, and jumping to a part.
import { useEffect, useMemo, useState } from 'react';
import type { IntakeDraft, Part } from './draft.ts';
import { type PlacedIssues, placeIssues, shownKeys } from './field-paths.ts';
import { type Touched, useIntakeStore } from './intake-store.ts';

/** Each issue beside its field, with its part, or with the whole intake, for the draft as it is now. */
export function usePlacedIssues(): PlacedIssues {
  const draft = useIntakeStore((state) => state.draft);
  const issues = useIntakeStore((state) => state.issues);
  return useMemo(() => placeIssues(issues, shownKeys(draft)), [issues, draft]);
}

/** A text field's value, change and error, by its place in the draft and its issue key. */
export interface TextBinding {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}

export function useBinder(): (
  key: string,
  read: (draft: IntakeDraft) => string,
  write: (draft: IntakeDraft, value: string) => void,
) => TextBinding {
  const draft = useIntakeStore((state) => state.draft);
  const edit = useIntakeStore((state) => state.edit);
  const placed = usePlacedIssues();
  return (key, read, write) => ({
    value: read(draft),
    onChange: (value: string) => edit((next) => write(next, value), { key }),
    error: placed.fields[key],
  });
}

export function editIntake(recipe: (draft: IntakeDraft) => void, touched: Touched = null): void {
  useIntakeStore.getState().edit(recipe, touched);
}

export const partElementId = (part: Part) => `intake-part-${part}`;

/** Brings a part into view and puts the cursor on its choice (or its first field with an error). */
export function jumpToPart(part: Part, preferInvalid = false): void {
  const root = document.getElementById(partElementId(part));
  if (!root) return;
  const invalid = preferInvalid ? root.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
  const target = invalid ?? root.querySelector<HTMLElement>('input[type="radio"]:checked') ?? root;
  target.focus();
  target.scrollIntoView({ block: 'center' });
}

/** The value once it has stopped changing for `ms` (a lookup waits for the typing to pause). */
export function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
