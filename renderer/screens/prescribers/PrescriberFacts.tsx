// Beside the licenses: how to reach the prescriber, practice addresses, credentials, restrictions and supervisees.
import type { Prescriber } from '../../../contract/service/prescribers.ts';
import { formatPhone, personName } from '../../format/record-values.ts';
import { useSupervisees } from '../../queries/prescribers.ts';
import { messageOf } from '../../queries/station.ts';
import { EmailText } from '../../records/EmailText.tsx';
import { stateName } from '../../records/us-states.ts';
import { navigate } from '../../state/navigation-store.ts';

function Supervisees({ prescriberId }: { prescriberId: string }) {
  const supervisees = useSupervisees(prescriberId);
  if (supervisees.isPending) return <p className="muted">Reading…</p>;
  if (supervisees.isError) return <p className="field-error">{messageOf(supervisees.error)}</p>;
  const people = supervisees.data.map((relation) => relation.supervisee).filter((p) => p != null);
  if (people.length === 0) return <p className="muted">Supervises no one.</p>;
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
          <span className="muted">NPI {person.npi ?? '—'}</span>
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
      <h2 id="prescriber-facts-title">Details</h2>
      <h3>Contact</h3>
      <dl className="facts">
        <div className="fact">
          <dt>Phone</dt>
          <dd>{formatPhone(prescriber.phone)}</dd>
        </div>
        <div className="fact">
          <dt>Email</dt>
          <dd>
            <EmailText email={prescriber.email} />
          </dd>
        </div>
      </dl>
      <h3>Practice {addresses.length === 1 ? 'address' : 'addresses'}</h3>
      {addresses.length === 0 ? <p className="muted">No address on file.</p> : null}
      {addresses.map((address) => (
        <address key={address.id} className="address">
          {address.address_1}
          {address.address_2 ? `, ${address.address_2}` : ''}
          <br />
          {address.city}, {stateName(address.state)} {address.zip_code}
        </address>
      ))}
      <h3>Credentials</h3>
      {credentials.length === 0 ? (
        <p className="muted">None on file.</p>
      ) : (
        <ul className="plain-list">
          {credentials.map((credential) => (
            <li key={credential.credential_code}>
              <strong>{credential.credential_code}</strong> {credential.credential_name ?? ''}
            </li>
          ))}
        </ul>
      )}
      <h3>May not prescribe</h3>
      {restrictions.length === 0 ? (
        <p className="muted">No restrictions.</p>
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
      <h3>Supervises</h3>
      <Supervisees prescriberId={prescriber.id} />
    </section>
  );
}
