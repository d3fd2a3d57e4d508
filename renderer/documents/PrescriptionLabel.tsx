// The prescription label: the pharmacy, the patient, Rx number, drug and strength, quantity, directions, prescriber,
// date filled, refills, discard date, auxiliary warnings and the prescription's service barcode (scanning it opens it).
import { drugWithStrength, refillsAfterThisFill } from '../../contract/documents.ts';
import { auxiliaryWarnings } from './auxiliary-warnings.ts';
import { DataMatrix } from './DataMatrix.tsx';
import { earlierDay, personName, printedDay, yearAfter } from './doc-format.ts';
import type { LabelData } from './document-data.ts';

/** The lot expiry the verification read for this line, if any (the stock in the vial cannot outlive it). */
function lotExpiry(data: LabelData): string | null {
  const productId = data.prescription.prescription_product_id;
  const expiries = (data.verification?.scans ?? [])
    .filter((scan) => scan.result === 'counted' && scan.productId === productId && scan.expiry)
    .map((scan) => scan.expiry as string)
    .sort();
  return expiries[0] ?? null;
}

export function PrescriptionLabel({ data }: { data: LabelData }) {
  const { prescription: rx, settings } = data;
  const drug = drugWithStrength(
    rx.drug_name ?? rx.product?.name ?? rx.name ?? 'Medication',
    rx.strength ?? rx.product?.strength,
  );
  const filled = data.verification?.recordedAt ?? new Date().toISOString();
  const discard = earlierDay(earlierDay(rx.expires_at?.slice(0, 10) ?? null, lotExpiry(data)), yearAfter(filled));
  const refills = refillsAfterThisFill(rx);
  const prescriber = personName(rx.prescriber?.first_name, rx.prescriber?.last_name);
  const warnings = auxiliaryWarnings(drug, rx.product?.is_controlled_substance === true);
  return (
    <article
      className={`doc doc-label doc-stock-${settings.labelStock.replace('.', '_')}`}
      aria-label="Prescription label"
    >
      <header className="doc-label-pharmacy">
        <strong>{settings.pharmacyName}</strong>
        <span>{settings.pharmacyAddress}</span>
        <span>Tel {settings.pharmacyPhone}</span>
      </header>
      <div className="doc-label-body">
        <div className="doc-label-main">
          <p className="doc-label-rx">
            <span>Rx {data.rxNumber ?? rx.id.slice(0, 8)}</span>
            <span>Filled {printedDay(filled)}</span>
          </p>
          <p className="doc-label-patient">{personName(rx.patient?.first_name, rx.patient?.last_name) ?? 'Patient'}</p>
          <p className="doc-label-drug">{drug}</p>
          <p className="doc-label-qty">
            Qty {rx.quantity ?? '—'} {rx.units ?? ''}
          </p>
          <p className="doc-label-sig">{rx.sig ?? rx.directions ?? 'Use as directed by your prescriber.'}</p>
          <p className="doc-label-facts">
            <span>Prescriber: {prescriber ?? 'not on file'}</span>
            <span>
              {refills === null
                ? 'Refills: ask the pharmacy'
                : refills === 0
                  ? 'No refills'
                  : `Refills: ${refills} remaining`}
            </span>
            <span>Discard after {printedDay(discard)}</span>
          </p>
        </div>
        {warnings.length > 0 ? (
          <ul className="doc-label-warnings" aria-label="Warnings">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <footer className="doc-matrix">
        <DataMatrix value={data.barcode} className="doc-matrix-code" />
        <span className="doc-barcode-text">{data.barcode}</span>
      </footer>
    </article>
  );
}
