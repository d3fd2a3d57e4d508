// Linking a product to this lot, with how many of the lot's units make one of it; Ctrl+Enter saves, Escape cancels.
import { useEffect, useRef } from 'react';
import { sendBuilt } from '../../forms/built.ts';
import { FieldGroup, TextField } from '../../forms/Field.tsx';
import { FormScreen } from '../../forms/FormScreen.tsx';
import { useFormState } from '../../forms/useFormState.ts';
import { useAddAssociation, useCatalogue } from '../../queries/inventory.ts';
import { focusScanField } from '../../scan/focus.ts';
import {
  type AssociationFormValues,
  associationFieldOf,
  associationFormKeys,
  buildAssociation,
  emptyAssociationForm,
} from './association-form.ts';
import { useHoldScans } from './inventory-store.ts';
import { productsById } from './lot-rows.ts';
import { ProductSelect } from './ProductSelect.tsx';
import { lotWords } from './wording.ts';

export function AssociationForm(props: {
  lotId: string;
  unitType: string | null | undefined;
  associated: ReadonlySet<string>;
  onDone(message: string | null): void;
}) {
  useHoldScans(lotWords.associations.formTitle);
  const form = useFormState<AssociationFormValues>(emptyAssociationForm, associationFormKeys, associationFieldOf);
  const catalogue = useCatalogue();
  const add = useAddAssociation(props.lotId);
  const selectRef = useRef<HTMLSelectElement>(null);
  useEffect(() => selectRef.current?.focus(), []);

  const submit = () => {
    if (add.isPending) return;
    sendBuilt(buildAssociation(form.values), form, (body) => {
      add.mutate(body, {
        onSuccess: (saved) => {
          const name =
            saved.name ?? productsById(catalogue.data).get(body.product_id)?.name ?? lotWords.associations.theProduct;
          props.onDone(lotWords.associations.added(name));
          setTimeout(() => focusScanField(true), 0);
        },
        onError: form.showRefusal,
      });
    });
  };

  return (
    <FormScreen
      id="inventory.associate"
      title={lotWords.associations.formTitle}
      group="Lot"
      embedded
      saveLabel="Add the product"
      saving={add.isPending}
      dirty={form.values.product !== ''}
      formErrors={form.formErrors}
      onSave={submit}
      onCancel={() => props.onDone(null)}
    >
      <FieldGroup legend="Product">
        <ProductSelect
          label={lotWords.associations.product}
          catalogue={catalogue.data}
          value={form.values.product}
          onChange={(value) => form.set('product', value)}
          error={form.errors.product}
          exclude={props.associated}
          selectRef={selectRef}
        />
        <TextField
          label={lotWords.associations.unitsPerProduct}
          required
          value={form.values.units_per_product}
          onChange={(value) => form.set('units_per_product', value)}
          error={form.errors.units_per_product}
          hint={lotWords.associations.unitsHint(props.unitType || 'units')}
          maxLength={20}
        />
      </FieldGroup>
    </FormScreen>
  );
}
