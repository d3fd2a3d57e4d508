// A prescriber's licenses by state: the current one, the replaced ones (inactive), expiry, and add or update.
import type { Qualification } from '../../../contract/service/prescribers.ts';
import { localDay } from '../../format/record-values.ts';
import { stateName } from '../../records/us-states.ts';
import { expiryOf, licensesByState } from './licenses.ts';
import { prescriberWords } from './wording.ts';

const words = prescriberWords.licenses;

export function Licenses(props: {
  qualifications: readonly Qualification[];
  selectedId: string | null;
  canEdit: boolean;
  onUpdate(license: Qualification): void;
}) {
  const groups = licensesByState(props.qualifications);
  const today = localDay();
  if (groups.length === 0) return <p className="muted">{words.none}</p>;
  return (
    <div className="license-states">
      {groups.map((group) => (
        <section key={group.state} className="license-state" aria-labelledby={`license-${group.state}`}>
          <h3 id={`license-${group.state}`}>
            {stateName(group.state)} <span className="muted">({group.state})</span>
          </h3>
          <table className="license-table">
            <thead>
              <tr>
                <th scope="col" className="col-license">
                  {words.license}
                </th>
                <th scope="col" className="col-expiry">
                  {words.expiry}
                </th>
                <th scope="col">{words.status}</th>
                <th scope="col" className="col-actions">
                  <span className="sr-only">{words.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {group.licenses.map((license) => {
                const active = license.is_active !== false;
                const expiry = expiryOf(license, today);
                const selected = props.selectedId === license.id;
                return (
                  <tr
                    key={license.id}
                    className={`${active ? '' : 'license-inactive'}${selected ? ' license-selected' : ''}`}
                    aria-current={selected ? 'true' : undefined}
                  >
                    <td>
                      <span className="cell-code">{license.license_number ?? '—'}</span>
                      {license.description ? <span className="license-description">{license.description}</span> : null}
                    </td>
                    <td className={`expiry expiry-${active ? expiry.tone : 'unknown'}`}>{expiry.text}</td>
                    <td>
                      {active ? (
                        <span className="pill pill-good">{words.active}</span>
                      ) : (
                        <span className="pill pill-plain">
                          {words.inactive}
                          {group.licenses[0]?.is_active !== false ? words.replaced : ''}
                        </span>
                      )}
                    </td>
                    <td className="license-actions">
                      {active ? (
                        <button
                          type="button"
                          className="button button-small"
                          disabled={!props.canEdit}
                          aria-label={words.updateOne(license.license_number ?? '', group.state)}
                          aria-keyshortcuts={selected ? 'Alt+U' : undefined}
                          onClick={() => props.onUpdate(license)}
                        >
                          {words.update}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
