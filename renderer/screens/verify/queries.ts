// Server state the verification reads: the product catalogue and the lots (to know every code), the task category
// for a discrepancy (this order's earlier verifications: renderer/queries/audit.ts).
import { useQuery } from '@tanstack/react-query';
import { ORDER_CATEGORY_FALLBACK } from '../../../contract/rules/verification/discrepancy.ts';
import { station, unwrap } from '../../queries/station.ts';

/** The catalogue changes rarely; a verification should not wait for it twice. */
const CATALOGUE_STALE_MS = 5 * 60_000;

export const productsKey = ['products', 'list'] as const;
export const inventoryKey = ['inventory', 'list'] as const;

export function useProductCatalogue() {
  return useQuery({
    queryKey: productsKey,
    queryFn: () => unwrap(station().products.list()),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useInventory() {
  return useQuery({
    queryKey: inventoryKey,
    queryFn: () => unwrap(station().inventory.list()),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** The code of the "Order" task category as the service lists it, or the service's usual code when offline. */
export function useOrderTaskCategory(): string {
  const categories = useQuery({
    queryKey: ['tasks', 'categories'],
    queryFn: () => unwrap(station().tasks.categories()),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const order = categories.data?.find((category) => category.name?.trim().toLowerCase() === 'order');
  return order?.code ?? ORDER_CATEGORY_FALLBACK;
}
