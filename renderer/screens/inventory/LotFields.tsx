// The fields of a lot, shared by the new-lot and edit forms; a lot of medication marks batch and expiry required.
import type { ProductKind } from '../../../contract/service/products.ts';
import { CheckField, FieldGroup, TextAreaField, TextField } from '../../forms/Field.tsx';
import type { FormState } from '../../forms/useFormState.ts';
import type { LotFormValues, LotTextKey } from './lot-form.ts';
import { lotWords } from './wording.ts';

const words = lotWords.fields;

export function LotFields({
  form,
  kind,
  creating,
}: {
  form: FormState<LotFormValues>;
  kind: ProductKind | null;
  creating: boolean;
}) {
  const medication = kind !== null && kind !== 'order_material';
  const text = (key: LotTextKey) => ({
    value: form.values[key],
    onChange: (value: string) => form.set(key, value),
    error: form.errors[key],
  });
  return (
    <div className="form-sections">
      <FieldGroup legend={words.lot}>
        <TextField label={words.batch} required={medication} maxLength={100} {...text('batch_number')} />
        <TextField label={words.manufacturer} maxLength={200} {...text('manufacturer')} />
        <TextField label={words.mpn} hint={words.mpnHint} maxLength={100} {...text('mpn')} />
        <TextField label={words.upc} maxLength={50} {...text('upc')} />
      </FieldGroup>
      <FieldGroup legend={words.days}>
        <TextField label={words.received} type="date" {...text('received_date')} />
        <TextField
          label={words.expires}
          type="date"
          required={medication}
          hint={medication ? words.expiresHint : undefined}
          {...text('expiration_date')}
        />
      </FieldGroup>
      <FieldGroup legend={words.quantityAndCost}>
        <TextField
          label={words.initialQuantity}
          required={creating}
          hint={creating ? words.initialHintNew : words.initialHint}
          maxLength={20}
          {...text('initial_quantity')}
        />
        <TextField label={words.unitType} hint={words.unitTypeHint} maxLength={50} {...text('unit_type')} />
        <TextField label={words.unitsPerProduct} maxLength={20} {...text('units_per_product')} />
        <TextField label={words.cost} maxLength={20} {...text('cost_per_unit')} />
      </FieldGroup>
      <FieldGroup legend={words.notes}>
        <TextAreaField label={words.notes} className="span-all" rows={3} maxLength={5000} {...text('notes')} />
        <CheckField
          label={words.active}
          checked={form.values.is_active}
          onChange={(checked) => form.set('is_active', checked)}
        />
      </FieldGroup>
    </div>
  );
}
