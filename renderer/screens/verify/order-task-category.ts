// The task category a discrepancy is filed under: the service's "Order" category, read once with the others.
import { ORDER_CATEGORY_FALLBACK } from '../../../rules/verification/discrepancy.ts';
import { useTaskCategories } from '../../queries/tasks.ts';

/** The code of the "Order" task category as the service lists it, or the service's usual code when offline. */
export function useOrderTaskCategory(): string {
  const categories = useTaskCategories();
  const order = categories.data?.find((category) => category.name?.trim().toLowerCase() === 'order');
  return order?.code ?? ORDER_CATEGORY_FALLBACK;
}
