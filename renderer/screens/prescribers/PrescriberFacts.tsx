// Beside the licenses: how to reach the prescriber, practice addresses, credentials, restrictions and supervisees.
import type { Prescriber } from '../../../contract/service/prescribers.ts';
import { formatPhone, personName } from '../../format/record-values.ts';
import { useSupervisees } from '../../queries/prescribers.ts';
import { messageOf } from '../../queries/station.ts';
import { EmailText } from '../../records/EmailText.tsx';
import { stateName } from '../../records/us-states.ts';
import { navigate } from '../../state/navigation-store.ts';
import { prescriberWords } from './wording.ts';

const words = prescriberWords.facts;

function Supervisees({ prescriberId }: { prescriberId: string }) {
  const supervisees = useSupervisees(prescriberId);
  if (supervisees.isPending) return <p className="muted">{words.reading}</p>;
  if (supervisees.isError) return <p className="field-error">{messageOf(supervisees.error)}</p>;
  const people = supervisees.data.map((relation) => relation.supervisee).filter((p) => p != null);
  if (people.length === 0) return <p className="muted">{words.supervisesNoOne}</p>;
  return (
    <ul className="plain-list">
      {people.map((person) => (
        <li key={person.id}>
          <button
            type="button"
            className="link-button"
            onClick={() => navigate({ screen: 'prescribers', prescriberId: person.id })}
          >
            {personName(person)}
          </button>{' '}
          <span className="muted">
            {words.npi}
            {person.npi ?? '—'}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function PrescriberFacts({ prescriber }: { prescriber: Prescriber }) {
  const addresses = prescriber.addresses ?? [];
  const credentials = prescriber.credentials ?? [];
  const restrictions = prescriber.restrictions ?? [];
  return (
    <section className="card prescriber-facts" aria-labelledby="prescriber-facts-title">
      <h2 id="prescriber-facts-title">{words.title}</h2>
      <h3>{words.contact}</h3>
      <dl className="facts">
        <div className="fact">
          <dt>{words.phone}</dt>
          <dd>{formatPhone(prescriber.phone)}</dd>
        </div>
        <div className="fact">
          <dt>{words.email}</dt>
          <dd>
            <EmailText email={prescriber.email} />
          </dd>
        </div>
      </dl>
      <h3>
        {words.practice}
        {addresses.length === 1 ? words.address : words.addresses}
      </h3>
      {addresses.length === 0 ? <p className="muted">{words.noAddress}</p> : null}
      {addresses.map((address) => (
        <address key={address.id} className="address">
          {address.address_1}
          {address.address_2 ? `, ${address.address_2}` : ''}
          <br />
          {address.city}, {stateName(address.state)} {address.zip_code}
        </address>
      ))}
      <h3>{words.credentials}</h3>
      {credentials.length === 0 ? (
        <p className="muted">{words.noCredentials}</p>
      ) : (
        <ul className="plain-list">
          {credentials.map((credential) => (
            <li key={credential.credential_code}>
              <strong>{credential.credential_code}</strong> {credential.credential_name ?? ''}
            </li>
          ))}
        </ul>
      )}
      <h3>{words.mayNotPrescribe}</h3>
      {restrictions.length === 0 ? (
        <p className="muted">{words.noRestrictions}</p>
      ) : (
        <ul className="plain-list">
          {restrictions.map((restriction) => (
            <li key={restriction.id}>
              {restriction.name ?? restriction.id}
              {restriction.sku ? <span className="muted"> ({restriction.sku})</span> : null}
            </li>
          ))}
        </ul>
      )}
      <h3>{words.supervises}</h3>
      <Supervisees prescriberId={prescriber.id} />
    </section>
  );
}
