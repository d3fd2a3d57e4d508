// Part 3, the order: left out, or a new order for the patient (merged into the patient's open order unless force_new).
import { shippingCarriers, shippingServiceLevels } from '../../../contract/service/orders.ts';
import { FieldGroup, SelectField, TextField } from '../../forms/Field.tsx';
import { AddressFields } from '../../records/PersonFields.tsx';
import type { OrderTextKey } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { OrderLines } from './OrderLines.tsx';
import { PartFrame } from './PartFrame.tsx';
import { editIntake, useBinder } from './use-intake.ts';
import { intakeLabels, intakeWords } from './wording.ts';

const labels = intakeLabels.order;

const carrierLabels: Record<string, string> = { usps: 'USPS', ups: 'UPS' };
const levelLabels: Record<string, string> = {
  usps_ground_advantage: 'USPS Ground Advantage',
  ups_ground: 'UPS Ground',
  next_day: 'Next day',
};
const carrierChoices = shippingCarriers.map((value) => ({ value, label: carrierLabels[value] ?? value }));
const levelChoices = shippingServiceLevels.map((value) => ({ value, label: levelLabels[value] ?? value }));

function NewOrderFields() {
  const bind = useBinder();
  const forceNew = useIntakeStore((state) => state.draft.order.forceNew);
  const text = (key: OrderTextKey) =>
    bind(
      `order.${key}`,
      (draft) => draft.order.fields[key],
      (draft, value) => {
        draft.order.fields[key] = value;
      },
    );
  return (
    <div className="form-sections">
      <FieldGroup legend={labels.products} className="wide">
        <div className="span-all">
          <OrderLines />
        </div>
      </FieldGroup>
      <FieldGroup legend={labels.shipping}>
        <SelectField
          label={labels.carrier}
          choices={carrierChoices}
          blank={labels.serviceChooses}
          {...text('carrier')}
        />
        <SelectField
          label={labels.serviceLevel}
          choices={levelChoices}
          blank={labels.serviceChooses}
          {...text('service_level')}
        />
        <TextField label={labels.externalId} hint={labels.externalIdHint} {...text('external_id')} />
        <label className="intake-check span-all">
          <input
            type="checkbox"
            checked={forceNew}
            onChange={(event) => {
              const checked = event.target.checked;
              editIntake((draft) => {
                draft.order.forceNew = checked;
              });
            }}
          />
          <span>
            {intakeWords.alwaysNew}
            <span className="intake-check-hint">{intakeWords.alwaysNewHint}</span>
          </span>
        </label>
      </FieldGroup>
      <AddressFields legend={labels.shipTo} suite={labels.apartment} text={text} />
    </div>
  );
}

export function OrderSection() {
  return <PartFrame part="order" fresh={<NewOrderFields />} />;
}
