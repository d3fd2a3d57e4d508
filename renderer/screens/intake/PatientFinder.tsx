// A patient on file found by name and date of birth, as a pharmacy takes a prescription on paper or the phone: the
// service's patient search (every word must match, the date of birth in any of its forms), and the one chosen becomes
// the patient the intake references by id.
import { useState } from 'react';
import { formatDay, personName } from '../../format/record-values.ts';
import { usePatientSearch } from '../../queries/intake.ts';
import { messageOf } from '../../queries/station.ts';
import { editIntake } from './use-intake.ts';
import { finderWords } from './wording.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : null);
/** A search result's name as the record values name a person (the result keeps the patient's fields as sent). */
const namePartsOf = (result: Record<string, unknown>) => ({
  first_name: text(result.first_name),
  middle_name: text(result.middle_name),
  last_name: text(result.last_name),
});

export function PatientFinder() {
  const [name, setName] = useState('');
  const [born, setBorn] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const found = usePatientSearch(asked);
  const find = () => {
    const q = `${name.trim()} ${born.trim()}`.trim();
    setAsked(name.trim() !== '' && born.trim() !== '' ? q : null);
  };
  const use = (id: string) =>
    editIntake(
      (draft) => {
        Object.assign(draft.patient, { mode: 'existing', refKey: 'id', ref: id });
      },
      { part: 'patient' },
    );
  const results = (found.data?.results ?? []).filter((each) => typeof each.id === 'string');
  return (
    <search className="intake-finder" aria-label={finderWords.title}>
      <label>
        {finderWords.name}
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {finderWords.born}
        <input type="date" value={born} onChange={(e) => setBorn(e.target.value)} />
      </label>
      <button type="button" className="button" onClick={find}>
        {finderWords.find}
      </button>
      {found.isError ? <span className="intake-lookup-miss">{messageOf(found.error)}</span> : null}
      {found.isSuccess && results.length === 0 ? <span className="intake-lookup-miss">{finderWords.none}</span> : null}
      {results.length > 0 ? (
        <ul className="intake-finder-results">
          {results.map((patient) => (
            <li key={String(patient.id)}>
              {personName(namePartsOf(patient))}
              {finderWords.bornOn}
              {formatDay(text(patient.date_of_birth))}{' '}
              <button type="button" className="button" onClick={() => use(String(patient.id))}>
                {finderWords.use}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </search>
  );
}
