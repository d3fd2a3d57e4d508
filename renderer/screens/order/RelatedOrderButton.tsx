// A jump to the original or the replacement order, named by its number once it is read.
import { useOrder } from '../../queries/orders.ts';
import { navigate } from '../../state/navigation-store.ts';
import { KeyHint } from './Panel.tsx';

export const RELATED_ORDER_SHORTCUT = 'Alt+O';

export function RelatedOrderButton({
  orderId,
  label,
  withShortcut,
}: {
  orderId: string;
  /** "Open the original order", "Open the replacement order". */
  label: string;
  withShortcut: boolean;
}) {
  const related = useOrder(orderId);
  const number = related.data?.order_number;
  return (
    <button
      type="button"
      className="button order-link"
      onClick={() => navigate({ screen: 'order', orderId })}
      aria-keyshortcuts={withShortcut ? RELATED_ORDER_SHORTCUT : undefined}
    >
      {label}
      {number ? ` ${number}` : ''}
      {withShortcut ? <KeyHint shortcut={RELATED_ORDER_SHORTCUT} /> : null}
    </button>
  );
}
