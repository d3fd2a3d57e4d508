// Receiving a new lot of a product of any kind: checked by the contract before sending (a lot of medication needs
// batch and expiry), the service's refusal beside the fields, nothing typed lost. Opens the lot once saved.
import { useEffect, useRef } from 'react';
import { localDay } from '../../format/record-values.ts';
import { FieldGroup } from '../../forms/Field.tsx';
import { FormScreen } from '../../forms/FormScreen.tsx';
import { useFormState } from '../../forms/useFormState.ts';
import { useCatalogue, useCreateLot } from '../../queries/inventory.ts';
import { focusScanField } from '../../scan/focus.ts';
import { navigate, useNavigationStore } from '../../state/navigation-store.ts';
import { useHoldScans, useInventoryStore } from './inventory-store.ts';
import { LotFields } from './LotFields.tsx';
import { buildLotCreate, emptyLotForm, type LotFormValues, lotFieldOf, lotFormKeys } from './lot-form.ts';
import { lotName } from './lot-format.ts';
import { KIND_NOUNS, productsById } from './lot-rows.ts';
import { ProductSelect } from './ProductSelect.tsx';
import { inventoryWords, lotWords } from './wording.ts';

export function NewLot({ onCancel }: { onCancel(): void }) {
  useHoldScans(inventoryWords.receive);
  const form = useFormState<LotFormValues>(() => emptyLotForm(localDay()), lotFormKeys, lotFieldOf);
  const catalogue = useCatalogue();
  const create = useCreateLot();
  const selectRef = useRef<HTMLSelectElement>(null);
  const product = productsById(catalogue.data).get(form.values.product) ?? null;
  const kind = product?.kind ?? null;
  useEffect(() => selectRef.current?.focus(), []);

  const submit = () => {
    if (create.isPending) return;
    const built = buildLotCreate(form.values, kind);
    if (!built.ok || !product) {
      form.showErrors(built.ok ? { product: lotWords.receive.chooseProduct } : built.errors);
      return;
    }
    form.clearErrors();
    create.mutate(
      { kind: product.kind, productId: product.id, body: built.body },
      {
        onSuccess: (lot) => {
          navigate({ screen: 'inventory', lotId: lot.id });
          useInventoryStore.getState().showNotice({
            tone: 'good',
            text: lotWords.receive.received(lotName(lot), product.name),
            sequence: useNavigationStore.getState().sequence,
          });
          setTimeout(() => focusScanField(true), 0);
        },
        onError: form.showRefusal,
      },
    );
  };

  return (
    <FormScreen
      id="inventory.create"
      title={inventoryWords.receive}
      group="Inventory"
      subtitle={
        product ? lotWords.receive.subtitle(KIND_NOUNS[product.kind], product.name) : lotWords.receive.chooseFirst
      }
      saveLabel="Save the lot"
      saving={create.isPending}
      dirty={
        form.values.product !== '' ||
        form.values.batch_number.trim() !== '' ||
        form.values.initial_quantity.trim() !== ''
      }
      formErrors={form.formErrors}
      onSave={submit}
      onCancel={onCancel}
    >
      <FieldGroup legend="Product" className="wide">
        <ProductSelect
          label={lotWords.fields.product}
          catalogue={catalogue.data}
          value={form.values.product}
          onChange={(value) => form.set('product', value)}
          error={form.errors.product}
          hint="Prescription and non-prescription products, and order materials."
          selectRef={selectRef}
        />
      </FieldGroup>
      <LotFields form={form} kind={kind} creating />
    </FormScreen>
  );
}
