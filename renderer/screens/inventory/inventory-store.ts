// UI state of the inventory screens that outlives one screen: the list's filter, words and selection (so coming back
// from a lot finds the list as it was), and what the last scan or save on these screens did.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { LotFilter } from './lot-rows.ts';

export interface LotNoticeText {
  tone: 'good' | 'bad';
  text: string;
  /** The navigation sequence it belongs to: any later navigation makes it old news, and it is no longer shown. */
  sequence: number;
}

interface InventoryUiState {
  filter: LotFilter;
  text: string;
  /** The id of the selected lot in the list. */
  selectedId: string | null;
  notice: LotNoticeText | null;
  /** The title of the form open on an inventory screen: a scan then opens nothing, so nothing typed is lost. */
  openForm: string | null;
  setFilter(filter: LotFilter): void;
  setText(text: string): void;
  select(lotId: string | null): void;
  showNotice(notice: LotNoticeText | null): void;
}

export const useInventoryStore = create<InventoryUiState>((set) => ({
  filter: 'all',
  text: '',
  selectedId: null,
  notice: null,
  openForm: null,
  setFilter: (filter) => set({ filter }),
  setText: (text) => set({ text }),
  select: (selectedId) => set({ selectedId }),
  showNotice: (notice) => set({ notice }),
}));

/** While the calling form is mounted, scans tell the person to finish it first instead of opening another lot. */
export function useHoldScans(title: string): void {
  useEffect(() => {
    useInventoryStore.setState({ openForm: title });
    return () => {
      if (useInventoryStore.getState().openForm === title) useInventoryStore.setState({ openForm: null });
    };
  }, [title]);
}
