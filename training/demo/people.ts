// Demo patients (some minors with guardians, some with allergies and conditions) and prescribers (licenses in several states, one expired, supervision pairs).

import type { Db } from '../database/db.ts';
import { DuplicatePatientError } from '../domains/patients/duplicate-patients.ts';
import { createPatient, type PatientCreate } from '../domains/patients/patients-repository.ts';
import { addRiskFactor } from '../domains/patients/risk-factors.ts';
import { addPrescriberCredentials, addSupervision } from '../domains/prescribers/catalogue.ts';
import { createPrescriber } from '../domains/prescribers/prescribers-repository.ts';
import { addQualification } from '../domains/prescribers/qualifications.ts';
import { syntheticDea, syntheticNpi } from './identifiers.ts';
import type { SeededRandom } from './random.ts';
import {
  allergies,
  conditions,
  credentialCodes,
  firstNames,
  lastNames,
  licenseStates,
  places,
  streets,
} from './vocabulary.ts';

const YEAR = 365.25 * 86_400_000;

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function address(random: SeededRandom) {
  const place = random.pick(places);
  return {
    address_1: `${random.int(10, 9999)} ${random.pick(streets)}`,
    city: place.city,
    state: place.state,
    zip_code: `${place.zip}${random.digits(2)}`,
    country: 'US',
  };
}

function patientBody(random: SeededRandom, now: Date, n: number): PatientCreate {
  const first = random.pick(firstNames);
  const last = `${random.pick(lastNames)}-${random.pick(lastNames)}`;
  const minor = random.chance(0.12);
  const age = minor ? random.int(1, 17) : random.int(18, 92);
  const body: PatientCreate = {
    first_name: first,
    last_name: last,
    date_of_birth: isoDate(now.getTime() - age * YEAR - random.int(0, 364) * 86_400_000),
    gender: random.pick(['male', 'female'] as const),
    email: `${first}.${last}.${n}@patients.example`.toLowerCase(),
    phone: `555${random.digits(7)}`,
    address: address(random),
    primary_language: random.chance(0.85) ? 'English' : random.pick(['Spanish', 'Vietnamese', 'Tagalog']),
    height_inches: minor ? random.int(30, 66) : random.int(58, 76),
    weight_pounds: minor ? random.int(25, 150) : random.int(100, 280),
    is_smoker: random.chance(0.12),
    is_diabetic: random.chance(0.1),
    receive_email: random.chance(0.6),
    receive_sms: random.chance(0.4),
  };
  if (random.chance(0.4)) body.external_id = `CLINIC-P${String(n).padStart(7, '0')}`;
  if (minor && random.chance(0.85)) {
    // A few minors have no guardian on file: the station's checks must notice that.
    body.guardian_name = `${random.pick(firstNames)} ${last}`;
    body.guardian_phone = `555${random.digits(7)}`;
    body.guardian_relationship = 'parent';
  }
  return body;
}

/** A demo patient and the state of its home address (where its orders ship: demo orders give no other address). */
export interface DemoPatient {
  id: string;
  state: string;
}

/** Creates `count` patients. A rare name-and-birthday clash is redrawn, as a new patient would be. */
export function seedPatients(db: Db, random: SeededRandom, now: Date, count: number): DemoPatient[] {
  const made: DemoPatient[] = [];
  for (let n = 1; n <= count; n++) {
    let patient: DemoPatient | null = null;
    while (patient === null) {
      const body = patientBody(random, now, n);
      try {
        patient = { id: createPatient(db, body, now), state: body.address?.state ?? '' };
      } catch (error) {
        if (!(error instanceof DuplicatePatientError)) throw error;
      }
    }
    made.push(patient);
    const id = patient.id;
    if (random.chance(0.3)) addRiskFactor(db, id, { type: 'allergy', name: random.pick(allergies) }, now);
    if (random.chance(0.25)) addRiskFactor(db, id, { type: 'condition', name: random.pick(conditions) }, now);
  }
  return made;
}

/** A demo prescriber and the states of its licenses: `licensed` active and unexpired, `lapsed` expired. */
export interface DemoPrescriber {
  id: string;
  npi: string;
  licensed: string[];
  lapsed: string[];
}

/** Creates prescribers with practice addresses, credentials and licenses; the first has one expired license. */
export function seedPrescribers(db: Db, random: SeededRandom, now: Date, count: number): DemoPrescriber[] {
  const made: DemoPrescriber[] = [];
  const usedNpis = new Set<string>();
  for (let n = 0; n < count; n++) {
    let npi = syntheticNpi(random);
    while (usedNpis.has(npi)) npi = syntheticNpi(random);
    usedNpis.add(npi);
    const last = random.pick(lastNames);
    const id = createPrescriber(
      db,
      {
        first_name: random.pick(firstNames),
        last_name: last,
        npi,
        dea: syntheticDea(random, last),
        phone: `555${random.digits(7)}`,
        email: `dr.${last.toLowerCase()}.${n}@clinic.example`,
        gender: random.pick(['Male', 'Female']),
        is_active: true,
        addresses: [address(random)],
      },
      now,
    );
    addPrescriberCredentials(db, id, [random.pick(credentialCodes)]);
    const states = new Set([random.pick(licenseStates), random.pick(licenseStates), random.pick(licenseStates)]);
    const licensed: string[] = [];
    const lapsed: string[] = [];
    let first = true;
    for (const state of states) {
      const expired = n === 0 && first;
      const expiry = now.getTime() + (expired ? -random.int(10, 200) : random.int(60, 1000)) * 86_400_000;
      addQualification(
        db,
        id,
        {
          state,
          license_number: `${state}${random.digits(7)}`,
          description: 'State medical license',
          expiration_date: isoDate(expiry),
          is_active: !expired,
        },
        now,
      );
      (expired ? lapsed : licensed).push(state);
      first = false;
    }
    made.push({ id, npi, licensed, lapsed });
  }
  // Supervision pairs: every fourth prescriber supervises the next one.
  for (let i = 0; i + 1 < made.length; i += 4) {
    addSupervision(db, (made[i] as DemoPrescriber).id, (made[i + 1] as DemoPrescriber).id, now);
  }
  return made;
}
