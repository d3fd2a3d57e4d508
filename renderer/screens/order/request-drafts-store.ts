// Requests being written, kept per person, order and kind: a refusal, a scan or a trip to another screen loses nothing.
import { create } from 'zustand';
import type { RequestDraft } from './requests.ts';

export type RequestKind = 'replacement' | 'cancellation';

export interface OpenDraft extends RequestDraft {
  /** The form is on screen. */
  open: boolean;
}

const empty: OpenDraft = { reasonCode: '', details: '', open: false };

/** Keyed by who is signed in too, so the next person at a shared workstation never sees someone else's words. */
export const draftKey = (userId: string, orderId: string, kind: RequestKind) =>
  `${userId}\u0000${orderId}\u0000${kind}`;

interface DraftStore {
  drafts: Record<string, OpenDraft>;
  update(key: string, patch: Partial<OpenDraft>): void;
  /** Sent: the words are on the service now. */
  clear(key: string): void;
}

export const useRequestDraftsStore = create<DraftStore>((set) => ({
  drafts: {},
  update: (key, patch) =>
    set((state) => ({ drafts: { ...state.drafts, [key]: { ...(state.drafts[key] ?? empty), ...patch } } })),
  clear: (key) =>
    set((state) => {
      const { [key]: _sent, ...rest } = state.drafts;
      return { drafts: rest };
    }),
}));

export function useDraft(key: string): OpenDraft {
  return useRequestDraftsStore((state) => state.drafts[key] ?? empty);
}
