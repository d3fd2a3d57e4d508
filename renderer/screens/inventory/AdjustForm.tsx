// Adjusting a lot's quantity by a signed amount with a required reason (kept in the service's audit log and, by main,
// in the station's); Ctrl+Enter saves, Escape cancels, a refusal keeps what was typed and shows the service's words.

import { useEffect, useId, useRef, useState } from 'react';
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import { sendBuilt } from '../../forms/built.ts';
import { FieldGroup, TextAreaField, TextField } from '../../forms/Field.tsx';
import { FormScreen } from '../../forms/FormScreen.tsx';
import { useFormState } from '../../forms/useFormState.ts';
import { useAdjustLot, useCatalogue } from '../../queries/inventory.ts';
import { useSession } from '../../queries/session.ts';
import { focusScanField } from '../../scan/focus.ts';
import { confirmPharmacist, PharmacistFields } from '../../signoff/PharmacistFields.tsx';
import {
  type AdjustFormValues,
  adjustFormKeys,
  buildAdjustment,
  emptyAdjustForm,
  parseChange,
  quantityAfter,
} from './adjust-form.ts';
import { useHoldScans } from './inventory-store.ts';
import { quantityOf } from './lot-flags.ts';
import { formatChange, formatQuantity } from './lot-format.ts';
import { lotWords } from './wording.ts';

/** The service names the fields `additional_quantity` and `reason`; the form calls the first `change`. */
const fieldOf = (path: string) => (path === 'additional_quantity' ? 'change' : path);

export function AdjustForm({ lot, onDone }: { lot: InventoryLot; onDone(message: string | null): void }) {
  useHoldScans(lotWords.adjust.title);
  const form = useFormState<AdjustFormValues>(emptyAdjustForm, adjustFormKeys, fieldOf);
  const adjust = useAdjustLot(lot.id);
  const session = useSession().data;
  const changeRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  // Shown before the person acts; main reads the lot and catalogue itself and refuses without a witness.
  const controlled = (useCatalogue().data?.prescription ?? []).some(
    (product) => product.id === lot.product_id && product.is_controlled_substance === true,
  );
  const [who, setWho] = useState('');
  const [password, setPassword] = useState('');
  const current = quantityOf(lot.current_quantity);
  const unit = lot.unit_type;
  const change = parseChange(form.values.change);
  const preview =
    change !== null && change !== 0 && current !== null
      ? `${formatQuantity(current, unit)} → ${formatQuantity(quantityAfter(current, change), unit)}`
      : null;

  useEffect(() => changeRef.current?.focus(), []);

  const submit = () => {
    if (adjust.isPending) return;
    sendBuilt(buildAdjustment(form.values, current, unit), form, async (body) => {
      const user = session?.user;
      const by = user ? (nameOf(user) ?? user.email) : null;
      let witness: { confirmationId: string } | undefined;
      if (controlled) {
        const confirmed = await confirmPharmacist(who, password, { kind: 'stock_witness', lotId: lot.id });
        setPassword('');
        if (!confirmed.ok) return form.showRefusal(new Error(confirmed.message));
        witness = { confirmationId: confirmed.confirmation.confirmationId };
      }
      adjust.mutate(
        { body: body, before: current, by, witness },
        {
          onSuccess: (saved) => {
            onDone(
              lotWords.adjust.done(
                formatChange(body.additional_quantity),
                formatQuantity(saved.current_quantity, saved.unit_type ?? unit),
              ),
            );
            setTimeout(() => focusScanField(true), 0);
          },
          onError: form.showRefusal,
        },
      );
    });
  };

  return (
    <FormScreen
      id="inventory.adjust"
      title={lotWords.adjust.title}
      group="Lot"
      embedded
      subtitle={lotWords.adjust.now(formatQuantity(current, unit))}
      saveLabel="Save the adjustment"
      saving={adjust.isPending}
      dirty={form.values.change.trim() !== '' || form.values.reason.trim() !== ''}
      formErrors={form.formErrors}
      onSave={submit}
      onCancel={() => onDone(null)}
    >
      <FieldGroup legend="Change">
        <TextField
          label={lotWords.adjust.changeBy}
          required
          inputRef={changeRef}
          value={form.values.change}
          onChange={(value) => form.set('change', value)}
          error={form.errors.change}
          hint={preview ? lotWords.adjust.hintWith(preview) : lotWords.adjust.hint}
          maxLength={20}
        />
        <TextAreaField
          label={lotWords.adjust.reason}
          required
          className="span-2"
          value={form.values.reason}
          onChange={(value) => form.set('reason', value)}
          error={form.errors.reason}
          hint="Kept in the audit log with your name and the time."
          placeholder={lotWords.adjust.reasonExample}
          maxLength={5000}
        />
      </FieldGroup>
      {controlled ? (
        <section aria-label={lotWords.adjust.witnessTitle}>
          <p className="notice notice-warn">{lotWords.adjust.witnessNeeded}</p>
          <PharmacistFields
            idPrefix={`${ids}-witness`}
            who={who}
            password={password}
            onWho={setWho}
            onPassword={setPassword}
            confirmedBy={null}
          />
        </section>
      ) : null}
    </FormScreen>
  );
}
