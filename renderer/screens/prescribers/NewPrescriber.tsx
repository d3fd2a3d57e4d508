// Creating a prescriber: name and NPI (check digit included) are checked before sending; an NPI on file offers that one.
import { useState } from 'react';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { sendBuilt } from '../../forms/built.ts';
import { FormScreen } from '../../forms/FormScreen.tsx';
import { useFormState } from '../../forms/useFormState.ts';
import { useCreatePrescriber } from '../../queries/prescribers.ts';
import { messageOf } from '../../queries/station.ts';
import { existingPrescriberIdOf, type RefusalLike } from '../../records/duplicate.ts';
import {
  buildPrescriberBody,
  emptyPrescriberForm,
  formFieldOf,
  prescriberFormKeys,
} from '../../records/prescriber-form.ts';
import { navigate } from '../../state/navigation-store.ts';
import { PrescriberForm } from './PrescriberForm.tsx';
import { prescriberWords } from './wording.ts';

export function NewPrescriber({ onCancel }: { onCancel(): void }) {
  const form = useFormState(emptyPrescriberForm, prescriberFormKeys, formFieldOf);
  const create = useCreatePrescriber();
  const [existing, setExisting] = useState<{ id: string; message: string } | null>(null);

  const save = () => {
    if (create.isPending) return;
    sendBuilt(buildPrescriberBody(form.values), form, (body) => {
      setExisting(null);
      create.mutate(body, {
        onSuccess: (prescriber) => navigate({ screen: 'prescribers', prescriberId: prescriber.id }),
        onError: (error) => {
          const id = existingPrescriberIdOf(error as RefusalLike);
          if (id) setExisting({ id, message: messageOf(error) });
          else form.showRefusal(error);
        },
      });
    });
  };

  return (
    <FormScreen
      id="prescribers.create"
      title={prescriberWords.create}
      group="Prescribers"
      saveLabel={prescriberWords.save}
      saving={create.isPending}
      dirty={Object.values(form.values).some((value) => value.trim() !== '')}
      formErrors={form.formErrors}
      notice={
        existing ? (
          <div className="notice notice-warn duplicate-offer" role="alert">
            <p>
              <strong>{prescriberWords.alreadyOnFile}</strong> {existing.message}
            </p>
            <ActionButton primary onClick={() => navigate({ screen: 'prescribers', prescriberId: existing.id })}>
              {prescriberWords.openExisting}
            </ActionButton>
          </div>
        ) : null
      }
      onSave={save}
      onCancel={onCancel}
    >
      <PrescriberForm form={form} />
    </FormScreen>
  );
}
