// The prescription label as main prepared it (rules/documents/label.ts): the pharmacy, the patient, Rx number,
// drug, strength and dosage form, quantity, directions, the product's NDC, manufacturer and description, prescriber,
// the pharmacist's initials, date filled, refills, beyond-use date, auxiliary warnings and the prescription's service
// barcode (scanning it opens it), and the band of a label printed before the pharmacist's final check. Nothing here is
// decided again: every word is main's.
import type { LabelContent } from '../../contract/document-content.ts';
import { DataMatrix } from './DataMatrix.tsx';

export function PrescriptionLabel({ content }: { content: LabelContent }) {
  return (
    <article className={`doc doc-label doc-stock-${content.stock.replace('.', '_')}`} aria-label="Prescription label">
      <header className="doc-label-pharmacy">
        <strong>{content.pharmacy.name}</strong>
        <span>{content.pharmacy.address}</span>
        <span>Tel {content.pharmacy.phone}</span>
      </header>
      <div className="doc-label-body">
        <div className="doc-label-main">
          <p className="doc-label-rx">
            <span>Rx {content.rxNumber}</span>
            <span>Filled {content.filledOn}</span>
          </p>
          <p className="doc-label-patient">{content.patient}</p>
          <p className="doc-label-drug">
            {content.drug}
            {content.dosageForm ? ` ${content.dosageForm}` : ''}
          </p>
          <p className="doc-label-qty">Qty {content.quantity}</p>
          <p className="doc-label-sig">{content.directions}</p>
          <p className="doc-label-product">
            {[
              content.ndc ? `NDC ${content.ndc}` : null,
              content.manufacturer ? `Mfr ${content.manufacturer}` : null,
              content.description,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="doc-label-facts">
            <span>Prescriber: {content.prescriber}</span>
            {content.pharmacistInitials ? <span>RPh {content.pharmacistInitials}</span> : null}
            <span>{content.refills}</span>
            <span>Discard after {content.discardAfter}</span>
          </p>
        </div>
        {content.warnings.length > 0 ? (
          <ul className="doc-label-warnings" aria-label="Warnings">
            {content.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <footer className="doc-matrix">
        {content.barcode ? (
          <>
            <DataMatrix value={content.barcode} className="doc-matrix-code" />
            <span className="doc-barcode-text">{content.barcode}</span>
          </>
        ) : (
          <span className="doc-barcode-text doc-no-barcode">No barcode: a preview</span>
        )}
        {content.band ? <strong className="doc-label-band">{content.band}</strong> : null}
      </footer>
    </article>
  );
}
