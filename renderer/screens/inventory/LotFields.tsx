// The fields of a lot, shared by the new-lot and edit forms; a lot of medication marks batch and expiry required.
import type { ProductKind } from '../../../contract/service/products.ts';
import { CheckField, FieldGroup, TextAreaField, TextField } from '../../forms/Field.tsx';
import type { FormState } from '../../forms/useFormState.ts';
import type { LotFormValues, LotTextKey } from './lot-form.ts';

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
      <FieldGroup legend="Lot">
        <TextField label="Batch / lot number" required={medication} maxLength={100} {...text('batch_number')} />
        <TextField label="Manufacturer" maxLength={200} {...text('manufacturer')} />
        <TextField label="MPN" hint="Manufacturer part number" maxLength={100} {...text('mpn')} />
        <TextField label="UPC" maxLength={50} {...text('upc')} />
      </FieldGroup>
      <FieldGroup legend="Days">
        <TextField label="Received" type="date" {...text('received_date')} />
        <TextField
          label="Expires"
          type="date"
          required={medication}
          hint={medication ? 'A lot of medication needs its expiry: an expired lot must never be picked.' : undefined}
          {...text('expiration_date')}
        />
      </FieldGroup>
      <FieldGroup legend="Quantity and cost">
        <TextField
          label="Initial quantity"
          required={creating}
          hint={creating ? 'What was received; the lot starts with this much on hand.' : 'What was received.'}
          maxLength={20}
          {...text('initial_quantity')}
        />
        <TextField label="Unit type" hint="each, tablet, mL…" maxLength={50} {...text('unit_type')} />
        <TextField label="Units per product" maxLength={20} {...text('units_per_product')} />
        <TextField label="Cost per unit (USD)" maxLength={20} {...text('cost_per_unit')} />
      </FieldGroup>
      <FieldGroup legend="Notes">
        <TextAreaField label="Notes" className="span-all" rows={3} maxLength={5000} {...text('notes')} />
        <CheckField
          label="Active: can be picked from"
          checked={form.values.is_active}
          onChange={(checked) => form.set('is_active', checked)}
        />
      </FieldGroup>
    </div>
  );
}
