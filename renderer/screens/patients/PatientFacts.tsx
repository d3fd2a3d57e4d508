// The patient's details as a pharmacist reads them: contact, address, guardian, health, identifiers.
import type { ReactNode } from 'react';
import type { Patient } from '../../../contract/service/patients.ts';
import { formatMoment, formatPhone } from '../../format/record-values.ts';
import { relationshipOption, useGuardianRelationshipTypes } from '../../queries/patients.ts';
import { EmailText } from '../../records/EmailText.tsx';
import { stateName } from '../../records/us-states.ts';
import { patientWords } from './wording.ts';

const words = patientWords.facts;

function yesNo(value: boolean | null | undefined): string {
  if (value === true) return words.yes;
  if (value === false) return words.no;
  return words.notRecorded;
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([term, value]) => (
        <div key={term} className="fact">
          <dt>{term}</dt>
          <dd>{value === '' || value == null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function heightText(inches: number | null | undefined): string {
  if (!inches) return '—';
  return `${Math.floor(inches / 12)} ft ${inches % 12} in (${inches} in)`;
}

export function PatientFacts({ patient }: { patient: Patient }) {
  const relationships = useGuardianRelationshipTypes();
  const relationship =
    (relationships.data ?? []).map(relationshipOption).find((choice) => choice.value === patient.guardian_relationship)
      ?.label ?? patient.guardian_relationship;
  const address = patient.address;
  const hasGuardian = Boolean(patient.guardian_name || patient.guardian_phone || patient.guardian_email);
  return (
    <section className="card patient-facts" aria-labelledby="patient-facts-title">
      <h2 id="patient-facts-title">{words.title}</h2>
      <h3>{words.contact}</h3>
      <Facts
        rows={[
          [words.phone, formatPhone(patient.phone)],
          [words.email, <EmailText key="email" email={patient.email} />],
          [words.language, patient.primary_language ?? ''],
          [words.textsEmails, `${yesNo(patient.receive_sms)} / ${yesNo(patient.receive_email)}`],
        ]}
      />
      <h3>{words.homeAddress}</h3>
      {address?.address_1 ? (
        <address className="address">
          {address.address_1}
          {address.address_2 ? `, ${address.address_2}` : ''}
          <br />
          {address.city}, {stateName(address.state)} {address.zip_code}
        </address>
      ) : (
        <p className="muted">{words.noAddress}</p>
      )}
      <h3>{words.guardian}</h3>
      {hasGuardian ? (
        <Facts
          rows={[
            [words.name, patient.guardian_name ?? ''],
            [words.relationship, relationship ?? ''],
            [words.phone, formatPhone(patient.guardian_phone)],
            [words.email, <EmailText key="guardian-email" email={patient.guardian_email} />],
          ]}
        />
      ) : (
        <p className="muted">{words.noGuardian}</p>
      )}
      <h3>{words.health}</h3>
      <Facts
        rows={[
          [words.height, heightText(patient.height_inches)],
          [words.weight, patient.weight_pounds ? `${patient.weight_pounds} lb` : ''],
          [words.smoker, yesNo(patient.is_smoker)],
          [words.diabetic, yesNo(patient.is_diabetic)],
          [words.pregnant, yesNo(patient.is_pregnant)],
        ]}
      />
      <h3>{words.record}</h3>
      <Facts
        rows={[
          [
            words.driverLicense,
            patient.driver_license_number
              ? `${patient.driver_license_number} (${patient.driver_license_state ?? '—'})`
              : '',
          ],
          // The number stays off the screen: the last four identify it well enough here.
          [words.ssn, patient.ssn ? `•••-••-${patient.ssn.replace(/\D/g, '').slice(-4)}` : ''],
          [words.added, formatMoment(patient.created_at)],
          [words.changed, formatMoment(patient.updated_at)],
        ]}
      />
    </section>
  );
}
