// The prescriber: identity, NPI and DEA (with its checksum verdict), contact, and every state license with its expiry.
import type { ReactNode } from 'react';
import type { Prescriber, Qualification } from '../../../contract/service/prescribers.ts';
import { type Day, dayOf, daysBetween, formatDay, relativeDays } from '../../../rules/clinical/check-model.ts';
import { checkDea, prescriberName } from '../../../rules/clinical/checks-prescriber.ts';
import { LICENSE_EXPIRES_SOON_DAYS } from '../../../rules/days.ts';
import { Facts, formatPhone } from './Facts.tsx';
import { NoRecordCard, ReviewCard } from './ReviewCard.tsx';
import { reviewWords } from './wording.ts';

/** A license's standing in words (never colour alone). */
export function licenseStanding(license: Qualification, today: Day): { word: string; tone: 'good' | 'warn' | 'bad' } {
  if (license.is_active === false) return { word: 'Inactive', tone: 'bad' };
  const expiry = dayOf(license.expiration_date);
  if (!expiry) return { word: 'Active, no expiry date', tone: 'warn' };
  const left = daysBetween(today, expiry);
  if (left < 0) return { word: 'Expired', tone: 'bad' };
  if (left <= LICENSE_EXPIRES_SOON_DAYS) return { word: `Expires ${relativeDays(expiry, today)}`, tone: 'warn' };
  return { word: 'Active', tone: 'good' };
}

function deaText(dea: string | null | undefined): string | null {
  if (!dea) return null;
  const verdict = checkDea(dea);
  return verdict.valid ? `${verdict.dea} (check digit correct)` : `${dea.trim()} (${verdict.message})`;
}

function practice(prescriber: Prescriber): string | null {
  const address = prescriber.addresses?.[0];
  if (!address) return null;
  return [
    address.address_1,
    address.address_2,
    address.city,
    [address.state, address.zip_code].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
}

export function PrescriberCard({
  prescriber,
  shippingState,
  today,
  action,
}: {
  prescriber: Prescriber | null;
  shippingState: string | null;
  today: Day;
  /** The button that opens the prescriber's own screen. */
  action?: ReactNode;
}) {
  if (!prescriber) {
    return <NoRecordCard titleId="rx-prescriber-title" heading="Prescriber" text={reviewWords.noPrescriber} />;
  }
  const credentials = (prescriber.credentials ?? []).map((c) => c.credential_code).join(', ');
  const licenses = [...(prescriber.qualifications ?? [])].sort((a, b) => (a.state ?? '').localeCompare(b.state ?? ''));
  const ships = shippingState?.toUpperCase() ?? null;
  return (
    <ReviewCard
      titleId="rx-prescriber-title"
      heading={
        <>
          {reviewWords.prescriber.heading}
          {prescriberName(prescriber)}
          {credentials ? <span className="rx-credentials">, {credentials}</span> : null}
        </>
      }
      action={action}
    >
      <Facts
        label={reviewWords.prescriber.label}
        rows={[
          ['NPI', prescriber.npi],
          ['DEA', deaText(prescriber.dea)],
          ['Record', prescriber.is_active === false ? 'Inactive' : 'Active'],
          ['Phone', formatPhone(prescriber.phone)],
          ['Email', prescriber.email],
          ['Practice', practice(prescriber)],
        ]}
      />
      <table className="rx-licenses">
        <caption>{reviewWords.licenses.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{reviewWords.licenses.state}</th>
            <th scope="col">{reviewWords.licenses.license}</th>
            <th scope="col">{reviewWords.licenses.expires}</th>
            <th scope="col">{reviewWords.licenses.standing}</th>
          </tr>
        </thead>
        <tbody>
          {licenses.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                {reviewWords.licenses.none}
              </td>
            </tr>
          ) : null}
          {licenses.map((license) => {
            const standing = licenseStanding(license, today);
            const here = ships !== null && license.state?.toUpperCase() === ships;
            return (
              <tr key={license.id} className={here ? 'rx-license-here' : undefined}>
                <td>
                  {license.state}
                  {here ? <span className="rx-tag rx-tag-small">{reviewWords.licenses.shipsHere}</span> : null}
                </td>
                <td>{license.license_number}</td>
                <td>{formatDay(license.expiration_date) ?? 'Not given'}</td>
                <td className={`rx-standing rx-standing-${standing.tone}`}>{standing.word}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ReviewCard>
  );
}
