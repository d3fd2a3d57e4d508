// Creating a patient: the form, checked by the contract before sending; a duplicate answer offers the existing one.
import { useState } from 'react';
import { sendBuilt } from '../../forms/built.ts';
import { FormScreen } from '../../forms/FormScreen.tsx';
import { useFormState } from '../../forms/useFormState.ts';
import { useCreatePatient } from '../../queries/patients.ts';
import { messageOf, type StationCallError } from '../../queries/station.ts';
import { existingPatientIdOf, isDuplicatePatient } from '../../records/duplicate.ts';
import { buildCreateBody, emptyPatientForm, formFieldOf, patientFormKeys } from '../../records/patient-form.ts';
import { navigate } from '../../state/navigation-store.ts';
import { DuplicateOffer } from './DuplicateOffer.tsx';
import { PatientForm } from './PatientForm.tsx';
import { patientWords } from './wording.ts';

export function NewPatient({ onCancel }: { onCancel(): void }) {
  const form = useFormState(emptyPatientForm, patientFormKeys, formFieldOf);
  const create = useCreatePatient();
  const [duplicate, setDuplicate] = useState<{ id: string | null; message: string } | null>(null);

  const save = () => {
    if (create.isPending) return;
    sendBuilt(buildCreateBody(form.values), form, (body) => {
      setDuplicate(null);
      create.mutate(body, {
        onSuccess: (patient) => navigate({ screen: 'patients', patientId: patient.id }),
        onError: (error) => {
          const refusal = error as StationCallError;
          if (isDuplicatePatient(refusal)) {
            setDuplicate({ id: existingPatientIdOf(refusal), message: messageOf(error) });
          } else {
            form.showRefusal(error);
          }
        },
      });
    });
  };

  return (
    <FormScreen
      id="patients.create"
      title={patientWords.create}
      group="Patients"
      saveLabel={patientWords.save}
      saving={create.isPending}
      dirty={JSON.stringify(form.values) !== JSON.stringify(emptyPatientForm())}
      formErrors={form.formErrors}
      notice={duplicate ? <DuplicateOffer existingId={duplicate.id} message={duplicate.message} /> : null}
      onSave={save}
      onCancel={onCancel}
    >
      <PatientForm form={form} mode="create" />
    </FormScreen>
  );
}
