// The electronic prescription as it arrived, and every medication on it; the one under review is marked.

import type {
  ElectronicPrescription,
  PrescriptionDetail,
  PrescriptionItem,
} from '../../../contract/service/prescriptions.ts';
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import { formatDay, validityOfInput } from '../../../rules/clinical/check-model.ts';
import { personName } from '../../../rules/words/person-name.ts';
import { type FactRow, Facts } from './Facts.tsx';
import { reviewWords } from './wording.ts';

function quantity(item: PrescriptionItem): string | null {
  if (item.quantity == null) return null;
  return item.units ? `${item.quantity} ${item.units}` : String(item.quantity);
}

function substitution(allowed: boolean | null | undefined): string | null {
  if (allowed == null) return null;
  return allowed ? 'Allowed: a generic may be dispensed' : 'Not allowed: dispense as written';
}

function productCode(item: PrescriptionItem): string | null {
  if (!item.product_code) return null;
  return item.product_code_type ? `${item.product_code} (${item.product_code_type.toUpperCase()})` : item.product_code;
}

export function itemTitle(item: PrescriptionItem): string {
  const name = item.drug_name || item.name || 'Unnamed medication';
  return item.strength && !name.includes(item.strength) ? `${name} ${item.strength}` : name;
}

/** The one validity every panel shows (rules/clinical/check-model.ts validityOf): the schedule's limit when it comes first. */
function validityWords(item: PrescriptionItem, detail: PrescriptionDetail | null): string | null {
  const product = detail?.id === item.id ? (detail.product ?? null) : null;
  const { until, serviceSaid } = validityOfInput({ prescription: item, product, schedules });
  const day = formatDay(until);
  return day && serviceSaid ? `${day} (controlled-substance limit; the service says ${formatDay(serviceSaid)})` : day;
}

function itemRows(item: PrescriptionItem, detail: PrescriptionDetail | null): FactRow[] {
  const product = detail?.product;
  const matched = product
    ? `${product.name ?? 'Product'}${product.sku ? ` (${product.sku})` : ''}${product.is_controlled_substance ? ', controlled substance' : ''}`
    : item.prescription_product_id
      ? 'Matched to a product'
      : 'No stocked product matches';
  return [
    ['Drug', item.drug_name || item.name],
    ['Strength', item.strength],
    ['Sig', item.sig],
    ['Directions', item.directions],
    ['Quantity', quantity(item)],
    ['Days supply', item.days_supply],
    ['Refills written', item.refills],
    ['Fills remaining', item.fills_remaining],
    ['Written', formatDay(item.written_at)],
    ['Valid until', validityWords(item, detail)],
    ['Substitution', substitution(item.substitution_allowed)],
    ['Product code', productCode(item)],
    ['Product', matched],
    ['Status', item.status],
    ['Notes', item.notes],
  ];
}

export function PrescriptionItems({
  electronic,
  current,
  onReview,
}: {
  electronic: ElectronicPrescription | null;
  current: PrescriptionDetail;
  onReview(prescriptionId: string): void;
}) {
  const items = electronic?.prescriptions?.length ? electronic.prescriptions : [current];
  const writtenFor = personName(electronic?.patient_first_name, electronic?.patient_last_name);
  const writtenBy = personName(electronic?.prescriber_first_name, electronic?.prescriber_last_name);
  return (
    <section className="card rx-section" aria-labelledby="rx-erx-title">
      <h2 id="rx-erx-title">{reviewWords.electronic.title}</h2>
      {electronic ? (
        <Facts
          label={reviewWords.electronic.title}
          rows={[
            ['Reference', electronic.reference_number],
            ['Source', electronic.source],
            ['Type', electronic.type],
            ['Received', formatDay(electronic.created_at)],
            [
              'Written for',
              writtenFor
                ? `${writtenFor}${electronic.patient_dob ? `, born ${formatDay(electronic.patient_dob)}` : ''}`
                : null,
            ],
            [
              'Written by',
              writtenBy ? `${writtenBy}${electronic.prescriber_npi ? `, NPI ${electronic.prescriber_npi}` : ''}` : null,
            ],
          ]}
        />
      ) : (
        <p className="muted">{reviewWords.electronic.notRead}</p>
      )}
      <h3 className="rx-subhead">{items.length === 1 ? 'Medication' : `Medications (${items.length})`}</h3>
      {items.map((item) => {
        const isCurrent = item.id === current.id;
        return (
          <article
            key={item.id}
            className={isCurrent ? 'rx-item rx-item-current' : 'rx-item'}
            aria-labelledby={`rx-item-${item.id}`}
          >
            <div className="rx-item-head">
              <h4 id={`rx-item-${item.id}`} className="rx-item-title">
                {itemTitle(item)}
              </h4>
              {isCurrent ? (
                <span className="rx-tag">{reviewWords.electronic.underReview}</span>
              ) : (
                <button type="button" className="button" onClick={() => onReview(item.id)}>
                  {reviewWords.electronic.reviewThis}
                </button>
              )}
            </div>
            <Facts label={itemTitle(item)} rows={itemRows(isCurrent ? current : item, isCurrent ? current : null)} />
          </article>
        );
      })}
    </section>
  );
}
