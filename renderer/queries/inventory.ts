// Inventory read and written through the station: every lot, one lot, its associations and label, the catalogue, the
// writes (create, edit, adjust, link, unlink), and a lot's adjustments from the station's own audit log (main records
// each one the service confirms; the service keeps its own log too but offers no way to read it back).
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditAdjustment } from '../../contract/ipc/audit.ts';
import type {
  AssociationCreateBody,
  InventoryByKind,
  InventoryLot,
  LotCreateBody,
  LotUpdateBody,
  QuantityAdjustmentBody,
} from '../../contract/service/inventory.ts';
import type { ProductKind } from '../../contract/service/products.ts';
import { station, unwrap } from './station.ts';

/** The list and the catalogue are read by the verification screen too: one query each, one cache. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  list: ['inventory', 'list'] as const,
  lot: (lotId: string) => ['inventory', 'lot', lotId] as const,
  associations: (lotId: string) => ['inventory', 'associations', lotId] as const,
  label: (lotId: string) => ['inventory', 'label', lotId] as const,
};
/** One lot's adjustments in the station's audit log: outside the ['inventory'] prefix, they are not the service's. */
export const adjustmentsKey = (lotId: string) => ['inventory-adjustments', lotId] as const;
export const productsKey = ['products', 'list'] as const;

const fetchInventory = () => unwrap(station().inventory.list());

/** Every lot by product kind; `staleTime` lets a verification keep the list it read for a few minutes. */
export function useInventoryList(staleTime = 0) {
  return useQuery({ queryKey: inventoryKeys.list, queryFn: fetchInventory, staleTime });
}

/** The lots read already, or read now (a lot scan needs them before it can answer). */
export function inventoryNow(queryClient: QueryClient) {
  return queryClient.ensureQueryData({ queryKey: inventoryKeys.list, queryFn: fetchInventory });
}

/** The catalogue changes rarely: one read serves the inventory and verification screens for a few minutes. */
export const CATALOGUE_STALE_MS = 5 * 60_000;

export function useCatalogue() {
  return useQuery({
    queryKey: productsKey,
    queryFn: () => unwrap(station().products.list()),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useLot(lotId: string) {
  return useQuery({
    queryKey: inventoryKeys.lot(lotId),
    queryFn: () => unwrap(station().inventory.get({ params: { lot_id: lotId } })),
  });
}

export function useLotAssociations(lotId: string) {
  return useQuery({
    queryKey: inventoryKeys.associations(lotId),
    queryFn: () => unwrap(station().inventory.listAssociations({ params: { lot_id: lotId } })),
  });
}

/** The lot's current label barcode (the newest issued is the one that scans), with its image. */
export function useLotLabel(lotId: string) {
  return useQuery({
    queryKey: inventoryKeys.label(lotId),
    queryFn: async () => {
      const barcodes = await unwrap(
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
      unwrap(station().barcodes.create({ params: { entity_type: 'inventory', entity_id: lotId }, body: {} })),
    onSuccess: (barcode) => queryClient.setQueryData(inventoryKeys.label(lotId), barcode),
  });
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
      unwrap(
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
    mutationFn: (body: LotUpdateBody) => unwrap(station().inventory.update({ params: { lot_id: lotId }, body })),
    onSuccess: (lot) => lotChanged(queryClient, lot),
  });
}

/** An adjustment as the audit log shows it; `justMade` marks the service's answer shown until main's entry is read. */
export type ShownAdjustment = AuditAdjustment & { justMade?: true };

/**
 * A lot's adjustments made at this station, newest first, from main's audit log (audit.db): they last across sign-outs
 * and restarts. The read is local, so it runs while the service is offline too.
 */
export function useLotAdjustments(lotId: string) {
  return useQuery<ShownAdjustment[]>({
    queryKey: adjustmentsKey(lotId),
    queryFn: () => unwrap(station().audit.adjustments({ lotId })),
    networkMode: 'always',
  });
}

let justMadeCount = 0;

/** The adjustment as the service answered it (the lot after the change), shown at once. */
function justMade(lot: InventoryLot, input: AdjustInput): ShownAdjustment {
  const change = input.body.additional_quantity;
  const after = typeof lot.current_quantity === 'number' ? lot.current_quantity : null;
  justMadeCount += 1;
  return {
    id: `just-made-${justMadeCount}`,
    lotId: lot.id,
    productId: lot.product_id ?? null,
    batchNumber: lot.batch_number ?? null,
    change,
    quantityBefore: after === null ? input.before : after - change,
    quantityAfter: after,
    reason: input.body.reason.trim(),
    user: { id: null, email: '', name: input.by },
    recordedAt: lot.updated_at ?? new Date().toISOString(),
    justMade: true,
  };
}

interface AdjustInput {
  body: QuantityAdjustmentBody;
  /** The quantity the form showed, used only when the answer does not say the lot's quantity. */
  before: number | null;
  /** The signed-in person's name, for the entry shown before main's is read. */
  by: string | null;
  /** A pharmacist's confirmation for this lot (a controlled lot outside a fill needs one; main decides). */
  witness?: { confirmationId: string } | undefined;
}

export function useAdjustLot(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustInput) =>
      unwrap(
        input.witness
          ? station().inventory.adjustWitnessed({ lotId, body: input.body, ...input.witness })
          : station().inventory.adjustQuantity({ params: { lot_id: lotId }, body: input.body }),
      ),
    onSuccess: (lot, input) => {
      // Main recorded the entry before it answered: the re-read replaces the one shown at once with the lasting one.
      queryClient.setQueryData<ShownAdjustment[]>(adjustmentsKey(lotId), (old) => [
        justMade(lot, input),
        ...(old ?? []),
      ]);
      void queryClient.invalidateQueries({ queryKey: adjustmentsKey(lotId) });
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
      unwrap(station().inventory.createAssociation({ params: { lot_id: lotId }, body })),
    onSuccess: () => associationsChanged(queryClient, lotId),
  });
}

export function useRemoveAssociation(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      unwrap(station().inventory.deleteAssociation({ params: { lot_id: lotId }, body: { product_id: productId } })),
    onSuccess: () => associationsChanged(queryClient, lotId),
  });
}
