// The action bar under the order's header: each action with its shortcut on the button.
import { focusScanField } from '../../scan/focus.ts';
import type { OrderAction } from './order-actions.ts';
import { KeyHint } from './Panel.tsx';
import { orderWords } from './wording.ts';

export function OrderActions({ actions }: { actions: OrderAction[] }) {
  return (
    <div className="order-actions" role="toolbar" aria-label={orderWords.actionsBar}>
      {actions
        .filter((action) => action.inBar)
        .map((action) => (
          <button
            key={action.id}
            type="button"
            className={action.primary ? 'button button-primary' : 'button'}
            disabled={action.enabled === false}
            aria-keyshortcuts={action.shortcut}
            title={action.title}
            onClick={() => {
              action.run();
              // A form that opened takes the focus itself; otherwise the hands go back to the scanner.
              setTimeout(() => focusScanField(), 0);
            }}
          >
            {action.label}
            <KeyHint shortcut={action.shortcut} />
          </button>
        ))}
    </div>
  );
}
