// Editing a lot: only what changed is sent; the quantity on hand is changed with Adjust instead, so a reason is kept.
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { sendBuilt } from '../../forms/built.ts';
import { FormScreen } from '../../forms/FormScreen.tsx';
import { useFormState } from '../../forms/useFormState.ts';
import { useUpdateLot } from '../../queries/inventory.ts';
import { focusScanField } from '../../scan/focus.ts';
import { useNavigationStore } from '../../state/navigation-store.ts';
import { useHoldScans, useInventoryStore } from './inventory-store.ts';
import { LotFields } from './LotFields.tsx';
import { buildLotUpdate, type LotFormValues, lotFormKeys, lotFormOf } from './lot-form.ts';
import { lotName } from './lot-format.ts';
import { PRODUCT_KINDS } from './lot-rows.ts';
import { lotWords } from './wording.ts';

export function EditLot({
  lot,
  productName,
  onDone,
}: {
  lot: InventoryLot;
  productName: string | null;
  onDone(): void;
}) {
  const original = lotFormOf(lot);
  useHoldScans(lotWords.editing.title(lotName(lot)));
  const form = useFormState<LotFormValues>(() => original, lotFormKeys);
  const update = useUpdateLot(lot.id);
  const kind = PRODUCT_KINDS.find((each) => each === lot.product_kind || each === lot.type) ?? null;

  const submit = () => {
    if (update.isPending) return;
    sendBuilt(
      buildLotUpdate(original, form.values),
      form,
      (body) => {
        update.mutate(body, {
          onSuccess: (saved) => {
            onDone();
            useInventoryStore.getState().showNotice({
              tone: 'good',
              text: lotWords.editing.saved(lotName(saved)),
              sequence: useNavigationStore.getState().sequence,
            });
            setTimeout(() => focusScanField(true), 0);
          },
          onError: form.showRefusal,
        });
      },
      () => onDone(),
    );
  };

  return (
    <FormScreen
      id="inventory.edit"
      title={lotWords.editing.title(lotName(lot))}
      group="Lot"
      subtitle={lotWords.editing.subtitle(productName)}
      saveLabel="Save the lot"
      saving={update.isPending}
      dirty={buildLotUpdate(original, form.values).ok !== 'unchanged'}
      formErrors={form.formErrors}
      onSave={submit}
      onCancel={onDone}
    >
      <LotFields form={form} kind={kind} creating={false} />
    </FormScreen>
  );
}
