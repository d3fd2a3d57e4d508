// Editing a patient: only what changed is sent; a change that would duplicate another patient offers that one.
import { useState } from 'react';
import type { Patient } from '../../../contract/service/patients.ts';
import { personName } from '../../format/record-values.ts';
import { sendBuilt } from '../../forms/built.ts';
import { FormScreen } from '../../forms/FormScreen.tsx';
import { useFormState } from '../../forms/useFormState.ts';
import { useUpdatePatient } from '../../queries/patients.ts';
import { messageOf, type StationCallError } from '../../queries/station.ts';
import { existingPatientIdOf } from '../../records/duplicate.ts';
import { buildUpdateBody, formFieldOf, formFromPatient, patientFormKeys } from '../../records/patient-form.ts';
import { DuplicateOffer } from './DuplicateOffer.tsx';
import { PatientForm } from './PatientForm.tsx';
import { patientWords } from './wording.ts';

export function EditPatient({ patient, onDone }: { patient: Patient; onDone(): void }) {
  const [original] = useState(() => formFromPatient(patient));
  const form = useFormState(() => formFromPatient(patient), patientFormKeys, formFieldOf);
  const update = useUpdatePatient(patient.id);
  const [duplicate, setDuplicate] = useState<{ id: string; message: string } | null>(null);

  const save = () => {
    if (update.isPending) return;
    sendBuilt(
      buildUpdateBody(original, form.values),
      form,
      (body) => {
        setDuplicate(null);
        update.mutate(body, {
          onSuccess: onDone,
          onError: (error) => {
            const existing = existingPatientIdOf(error as StationCallError);
            if (existing) setDuplicate({ id: existing, message: messageOf(error) });
            else form.showRefusal(error);
          },
        });
      },
      () => onDone(),
    );
  };

  return (
    <FormScreen
      id="patients.edit"
      title={patientWords.editTitle(personName(patient))}
      group="Patient"
      saveLabel={patientWords.saveChanges}
      saving={update.isPending}
      dirty={JSON.stringify(form.values) !== JSON.stringify(original)}
      formErrors={form.formErrors}
      notice={duplicate ? <DuplicateOffer existingId={duplicate.id} message={duplicate.message} /> : null}
      onSave={save}
      onCancel={onDone}
    >
      <PatientForm form={form} mode="edit" />
    </FormScreen>
  );
}
