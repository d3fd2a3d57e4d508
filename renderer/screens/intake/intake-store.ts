// The intake kept while the station runs: the draft (so leaving the screen loses nothing), its issues and last answer.
import { create } from 'zustand';
import type { CompositeResult } from '../../../contract/service/prescriptions.ts';
import { onSessionChanged } from '../../queries/session.ts';
import { emptyDraft, type IntakeDraft, type Part } from './draft.ts';
import type { IntakeIssue } from './field-paths.ts';
import type { ExistingOffer } from './refusal.ts';

/** Why the last send did not go through: found before sending, or refused by the service. */
export interface IntakeFailure {
  kind: 'invalid' | 'refused';
  headline: string;
  /** The part that failed (a refusal names one); null when the whole intake was refused. */
  part: Part | null;
  offer: ExistingOffer | null;
}

/** Which issues a change makes stale: one field's, a whole part's (its mode changed, a line went), or none. */
export type Touched = { key: string } | { part: Part } | null;

interface IntakeState {
  draft: IntakeDraft;
  issues: IntakeIssue[];
  failure: IntakeFailure | null;
  /** The last intake the service made, shown until a new one is started. */
  result: CompositeResult | null;
  sending: boolean;
  edit(recipe: (draft: IntakeDraft) => void, touched?: Touched): void;
  showFailure(issues: IntakeIssue[], failure: IntakeFailure): void;
  succeed(result: CompositeResult): void;
  setSending(sending: boolean): void;
  /** Everything back to empty (after the person confirmed). */
  clear(): void;
  /** A new intake; with `keepParties`, for the same patient and prescriber (now referenced by id). */
  startAgain(keepParties: boolean): void;
}

function without(issues: IntakeIssue[], touched: Touched): IntakeIssue[] {
  if (touched === null) return issues;
  if ('key' in touched) return issues.filter((issue) => issue.key !== touched.key);
  return issues.filter((issue) => issue.part !== touched.part);
}

const blank = () => ({ draft: emptyDraft(), issues: [], failure: null, result: null });

export const useIntakeStore = create<IntakeState>((set) => ({
  ...blank(),
  sending: false,
  edit: (recipe, touched = null) =>
    set((state) => {
      const draft = structuredClone(state.draft);
      recipe(draft);
      return { draft, issues: without(state.issues, touched) };
    }),
  showFailure: (issues, failure) => set({ issues, failure }),
  succeed: (result) => set({ result, issues: [], failure: null }),
  setSending: (sending) => set({ sending }),
  clear: () => set(blank()),
  startAgain: (keepParties) =>
    set((state) => {
      const draft = emptyDraft();
      const patientId = state.result?.patient?.id;
      const prescriberId = state.result?.prescriber?.id;
      if (keepParties && patientId)
        draft.patient = { ...draft.patient, mode: 'existing', refKey: 'id', ref: patientId };
      if (keepParties && prescriberId) {
        draft.prescriber = { ...draft.prescriber, mode: 'existing', refKey: 'id', ref: prescriberId };
      }
      return { ...blank(), draft };
    }),
}));

let watching = false;

/**
 * What was typed belongs to the person who typed it: signing out (or someone signing in) forgets the intake. A lock
 * keeps it, since only the same person can unlock. Subscribed once, for the life of the window.
 */
export function forgetIntakeOnSignOut(): void {
  if (watching) return;
  watching = true;
  onSessionChanged(({ state, reason }) => {
    if (state.status === 'signed_out' || reason === 'signed_in') useIntakeStore.getState().clear();
  });
}
