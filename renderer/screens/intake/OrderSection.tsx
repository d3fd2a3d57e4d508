// Part 3, the order: left out, or a new order for the patient (merged into the patient's open order unless force_new).
import { shippingCarriers, shippingServiceLevels } from '../../../contract/service/orders.ts';
import { FieldGroup, SelectField, TextField } from '../../forms/Field.tsx';
import { AddressFields } from '../../records/PersonFields.tsx';
import type { OrderTextKey } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { OrderLines } from './OrderLines.tsx';
import { PartFrame } from './PartFrame.tsx';
import { editIntake, useBinder } from './use-intake.ts';

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
      <FieldGroup legend="Products" className="wide">
        <div className="span-all">
          <OrderLines />
        </div>
      </FieldGroup>
      <FieldGroup legend="Shipping">
        <SelectField label="Carrier" choices={carrierChoices} blank="The service chooses" {...text('carrier')} />
        <SelectField
          label="Service level"
          choices={levelChoices}
          blank="The service chooses"
          {...text('service_level')}
        />
        <TextField label="External id" hint="The clinic’s own order id" {...text('external_id')} />
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
            Always a new order
            <span className="intake-check-hint">Even if the patient has an open order it could join (force_new).</span>
          </span>
        </label>
      </FieldGroup>
      <AddressFields legend="Ship to (if not the patient’s home)" suite="Apartment, suite" text={text} />
    </div>
  );
}

export function OrderSection() {
  return <PartFrame part="order" fresh={<NewOrderFields />} />;
}
