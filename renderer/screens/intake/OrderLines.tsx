// The product lines of a new order: kind, how the product is named (SKU, product code, id), and a quantity.
import { ActionButton } from '../../forms/ActionButton.tsx';
import { SelectField, TextField } from '../../forms/Field.tsx';
import {
  emptyOrderLine,
  type OrderLineDraft,
  type ProductKey,
  type ProductKind,
  productKeys,
  productKinds,
} from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { RemoveRow } from './RemoveRow.tsx';
import { editIntake, useBinder } from './use-intake.ts';
import { intakeLabels, intakeWords } from './wording.ts';

const labels = intakeLabels.order;

export const ADD_LINE_SHORTCUT = 'Alt+Shift+L';

const kindLabels: Record<ProductKind, string> = {
  prescription: 'Prescription',
  non_prescription: 'Non-prescription',
  order_material: 'Order material',
};
const keyLabels: Record<ProductKey, string> = { sku: 'SKU', product_code: 'Product code', id: 'Product id' };
const kindChoices = productKinds.map((kind) => ({ value: kind, label: kindLabels[kind] }));
const keyChoices = productKeys.map((key) => ({ value: key, label: keyLabels[key] }));

export function addOrderLine(): void {
  editIntake((draft) => {
    draft.order.lines.push(emptyOrderLine());
  });
}

function setLine(index: number, patch: Partial<OrderLineDraft>): void {
  // Kind and naming change where the line sits in the body, so their old refusals no longer point at it.
  editIntake(
    (draft) => {
      const line = draft.order.lines[index];
      if (line) Object.assign(line, patch);
    },
    { key: `order.lines.${index}.value` },
  );
}

function OrderLine({ index }: { index: number }) {
  const line = useIntakeStore((state) => state.draft.order.lines[index]);
  const bind = useBinder();
  if (!line) return null;
  const text = (key: 'value' | 'quantity') =>
    bind(
      `order.lines.${index}.${key}`,
      (draft) => draft.order.lines[index]?.[key] ?? '',
      (draft, value) => {
        const target = draft.order.lines[index];
        if (target) target[key] = value;
      },
    );
  return (
    <li className="intake-line">
      <fieldset className="intake-line-fields">
        <legend>
          {intakeWords.lines.line}
          {index + 1}
        </legend>
        <SelectField
          label={labels.kind}
          blank={false}
          choices={kindChoices}
          value={line.kind}
          onChange={(kind) => setLine(index, { kind: kind as ProductKind })}
        />
        <SelectField
          label={labels.namedBy}
          blank={false}
          choices={keyChoices}
          value={line.by}
          onChange={(by) => setLine(index, { by: by as ProductKey })}
        />
        <TextField label={keyLabels[line.by]} required {...text('value')} />
        <TextField label={labels.quantity} required inputMode="numeric" {...text('quantity')} />
        <RemoveRow
          label={intakeWords.removeLine(index + 1)}
          part="order"
          remove={(draft) => {
            draft.order.lines.splice(index, 1);
          }}
        />
      </fieldset>
    </li>
  );
}

export function OrderLines() {
  const count = useIntakeStore((state) => state.draft.order.lines.length);
  return (
    <div className="intake-lines">
      {count > 0 ? (
        <ol className="intake-line-list" aria-label={intakeWords.lines.list}>
          {Array.from({ length: count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line is its position; the draft keeps no other key.
            <OrderLine key={index} index={index} />
          ))}
        </ol>
      ) : (
        <p className="muted">{intakeWords.lines.none}</p>
      )}
      <ActionButton className="button-small" shortcut={ADD_LINE_SHORTCUT} onClick={addOrderLine}>
        {intakeWords.lines.add}
      </ActionButton>
    </div>
  );
}
