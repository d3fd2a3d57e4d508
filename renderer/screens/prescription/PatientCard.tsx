// The patient as the checks see them: age, minor and guardian, where the order ships, and the risk factors on file.

import type { ReactNode } from 'react';
import type { Patient } from '../../../contract/service/patient-schemas.ts';
import type { RiskFactorMatch } from '../../../contract/service/risk-factors.ts';
import { ageOn, type Day, formatDay, isMinor } from '../../../rules/clinical/check-model.ts';
import type { ShippingState } from '../../../rules/clinical/checks.ts';
import { personName } from '../../../rules/words/person-name.ts';
import { Facts, formatPhone } from './Facts.tsx';
import { NoRecordCard, ReviewCard } from './ReviewCard.tsx';
import { reviewWords } from './wording.ts';

function namesOf(riskFactors: readonly RiskFactorMatch[] | undefined, type: string): string | null {
  if (!riskFactors) return null;
  const names = riskFactors
    .filter((rf) => rf.type === type && rf.is_active !== false)
    .map((rf) => rf.name || rf.text_chunk)
    .filter(Boolean);
  return names.length ? names.join(', ') : 'None on file';
}

function guardian(patient: Patient): string | null {
  if (!patient.guardian_name) return null;
  const how = [formatPhone(patient.guardian_phone), patient.guardian_email].filter(Boolean).join(', ');
  const relation = patient.guardian_relationship ? ` (${patient.guardian_relationship})` : '';
  return `${patient.guardian_name}${relation}${how ? `, ${how}` : ''}`;
}

function flags(patient: Patient): string | null {
  const on = [
    patient.is_pregnant ? 'pregnant' : null,
    patient.is_diabetic ? 'diabetic' : null,
    patient.is_smoker ? 'smoker' : null,
  ].filter(Boolean);
  return on.length ? on.join(', ') : null;
}

export function PatientCard({
  patient,
  riskFactors,
  riskFactorsError,
  shippingState,
  today,
  action,
}: {
  patient: Patient | null;
  riskFactors: readonly RiskFactorMatch[] | undefined;
  riskFactorsError: string | null;
  shippingState: ShippingState | null;
  today: Day;
  /** The button that opens the patient's own screen. */
  action?: ReactNode;
}) {
  if (!patient) {
    return <NoRecordCard titleId="rx-patient-title" heading="Patient" text={reviewWords.noPatient} />;
  }
  const name = personName(patient.first_name, patient.middle_name, patient.last_name) ?? 'Unnamed';
  const age = ageOn(patient.date_of_birth, today);
  const born = formatDay(patient.date_of_birth);
  const minor = isMinor(patient, today) === true;
  const unread = riskFactorsError ? `Could not be read: ${riskFactorsError}` : null;
  return (
    <ReviewCard titleId="rx-patient-title" heading={`Patient: ${name}`} action={action}>
      <Facts
        label={reviewWords.patient}
        rows={[
          ['Born', born ? `${born}${age === null ? '' : ` (age ${age})`}` : null],
          ['Minor', minor ? 'Yes' : 'No'],
          ['Guardian', minor ? guardian(patient) : 'Not needed'],
          [
            'Ships to',
            shippingState
              ? `${shippingState.state} (${shippingState.from === 'order' ? "the order's address" : "the patient's address"})`
              : null,
          ],
          ['Allergies', unread ?? namesOf(riskFactors, 'allergy')],
          ['Conditions', unread ?? namesOf(riskFactors, 'condition')],
          ['Medications', unread ?? namesOf(riskFactors, 'medication')],
          ['Also', flags(patient) ?? 'No other risk flags'],
        ]}
      />
    </ReviewCard>
  );
}
