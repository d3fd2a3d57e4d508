// Inventory read and written through the station: every lot, one lot, its associations and label, the catalogue, the
// writes (create, edit, adjust, link, unlink), and the adjustments this station saw confirmed (the service keeps its own
// audit log of them but offers no way to read it back).
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssociationCreateBody,
  InventoryByKind,
  InventoryLot,
  LotCreateBody,
  LotUpdateBody,
  QuantityAdjustmentBody,
} from '../../contract/service/inventory.ts';
import type { ProductKind } from '../../contract/service/products.ts';
import { unwrapDetailed } from './patients.ts';
import { station } from './station.ts';

/** The first two keys are shared with the verification screen (stations/verify/queries.ts), so both read one cache. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  list: ['inventory', 'list'] as const,
  lot: (lotId: string) => ['inventory', 'lot', lotId] as const,
  associations: (lotId: string) => ['inventory', 'associations', lotId] as const,
  label: (lotId: string) => ['inventory', 'label', lotId] as const,
};
/** Outside the ['inventory'] prefix, so re-reading the inventory never touches what only this station knows. */
export const adjustmentsKey = ['inventory-adjustments'] as const;
export const productsKey = ['products', 'list'] as const;

export function useInventoryList() {
  return useQuery({ queryKey: inventoryKeys.list, queryFn: () => unwrapDetailed(station().inventory.list()) });
}

/** The catalogue changes rarely: one read serves the inventory and verification screens for a few minutes. */
export function useCatalogue() {
  return useQuery({
    queryKey: productsKey,
    queryFn: () => unwrapDetailed(station().products.list()),
    staleTime: 5 * 60_000,
  });
}

export function useLot(lotId: string) {
  return useQuery({
    queryKey: inventoryKeys.lot(lotId),
    queryFn: () => unwrapDetailed(station().inventory.get({ params: { lot_id: lotId } })),
  });
}

export function useLotAssociations(lotId: string) {
  return useQuery({
    queryKey: inventoryKeys.associations(lotId),
    queryFn: () => unwrapDetailed(station().inventory.listAssociations({ params: { lot_id: lotId } })),
  });
}

/** The lot's current label barcode (the newest issued is the one that scans), with its image. */
export function useLotLabel(lotId: string) {
  return useQuery({
    queryKey: inventoryKeys.label(lotId),
    queryFn: async () => {
      const barcodes = await unwrapDetailed(
        station().barcodes.list({
          params: { entity_type: 'inventory', entity_id: lotId },
          query: { is_active: true, include_images: true },
        }),
      );
      return barcodes.at(-1) ?? null;
    },
    // A label may be issued at another station: read it again each time the lot opens.
    staleTime: 0,
  });
}

export function useIssueLotLabel(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrapDetailed(station().barcodes.create({ params: { entity_type: 'inventory', entity_id: lotId }, body: {} })),
    onSuccess: (barcode) => queryClient.setQueryData(inventoryKeys.label(lotId), barcode),
  });
}

/** What a scanned service barcode labels; the caller decides what to do with a label of something else. */
export function verifyBarcode(code: string) {
  return unwrapDetailed(station().barcodes.verify({ body: { barcode_value: code } }));
}

/** Puts a lot the service answered into the cache, in its place in the list too, then re-reads what it touches. */
function lotChanged(queryClient: QueryClient, lot: InventoryLot): void {
  queryClient.setQueryData(inventoryKeys.lot(lot.id), lot);
  queryClient.setQueryData<InventoryByKind>(inventoryKeys.list, (list) => {
    if (!list) return list;
    const next: InventoryByKind = { ...list };
    for (const kind of ['prescription', 'non_prescription', 'order_material'] as const) {
      const lots = list[kind];
      if (lots?.some((candidate) => candidate.id === lot.id)) {
        next[kind] = lots.map((candidate) => (candidate.id === lot.id ? { ...candidate, ...lot } : candidate));
      }
    }
    return next;
  });
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.list });
}

export function useCreateLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: ProductKind; productId: string; body: LotCreateBody }) =>
      unwrapDetailed(
        station().inventory.createProductInventory({
          params: { kind: input.kind, product_id: input.productId },
          body: input.body,
        }),
      ),
    onSuccess: (lot) => {
      queryClient.setQueryData(inventoryKeys.lot(lot.id), lot);
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.list });
    },
  });
}

export function useUpdateLot(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LotUpdateBody) =>
      unwrapDetailed(station().inventory.update({ params: { lot_id: lotId }, body })),
    onSuccess: (lot) => lotChanged(queryClient, lot),
  });
}

/** One quantity change as the service confirmed it: the reason sent, the quantity before and after, who, when. */
export interface AdjustmentEntry {
  /** Unique on this station (the service's own audit row id is not answered). */
  key: string;
  lotId: string;
  change: number;
  before: number | null;
  after: number | null;
  reason: string;
  /** The lot's updated_at from the answer: when the service applied it. */
  at: string;
  by: string | null;
}

let entryCount = 0;

/**
 * Keeps confirmed adjustments with the other server data: never garbage-collected while signed in, and dropped with
 * everything else the service answered at sign-out (queries/session.ts forgetServerData).
 */
function recordAdjustment(queryClient: QueryClient, entry: Omit<AdjustmentEntry, 'key'>): void {
  queryClient.setQueryDefaults(adjustmentsKey, { gcTime: Number.POSITIVE_INFINITY });
  entryCount += 1;
  const recorded = { ...entry, key: `${Date.now()}-${entryCount}` };
  queryClient.setQueryData<AdjustmentEntry[]>(adjustmentsKey, (old) => [recorded, ...(old ?? [])]);
}

/** The adjustments of one lot this station saw confirmed since sign-in, newest first. */
export function useLotAdjustments(lotId: string): AdjustmentEntry[] {
  const queryClient = useQueryClient();
  const all = useQuery({
    queryKey: adjustmentsKey,
    // Nothing to fetch: a re-read keeps what was recorded.
    queryFn: () => queryClient.getQueryData<AdjustmentEntry[]>(adjustmentsKey) ?? [],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return (all.data ?? []).filter((entry) => entry.lotId === lotId);
}

export function useAdjustLot(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: QuantityAdjustmentBody; before: number | null; by: string | null }) =>
      unwrapDetailed(station().inventory.adjustQuantity({ params: { lot_id: lotId }, body: input.body })),
    onSuccess: (lot, input) => {
      recordAdjustment(queryClient, {
        lotId,
        change: input.body.additional_quantity,
        before: input.before,
        after: lot.current_quantity ?? null,
        reason: input.body.reason.trim(),
        at: lot.updated_at ?? new Date().toISOString(),
        by: input.by,
      });
      lotChanged(queryClient, lot);
    },
  });
}

function associationsChanged(queryClient: QueryClient, lotId: string): void {
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.associations(lotId) });
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.lot(lotId) });
}

export function useAddAssociation(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssociationCreateBody) =>
      unwrapDetailed(station().inventory.createAssociation({ params: { lot_id: lotId }, body })),
    onSuccess: () => associationsChanged(queryClient, lotId),
  });
}

export function useRemoveAssociation(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      unwrapDetailed(
        station().inventory.deleteAssociation({ params: { lot_id: lotId }, body: { product_id: productId } }),
      ),
    onSuccess: () => associationsChanged(queryClient, lotId),
  });
}
