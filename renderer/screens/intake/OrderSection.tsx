// Part 3, the order: left out, or a new order for the patient (merged into the patient's open order unless force_new).
import { shippingCarriers, shippingServiceLevels } from '../../../contract/service/orders.ts';
import { FieldGroup, SelectField, TextField } from '../../forms/Field.tsx';
import { stateChoices } from '../../records/us-states.ts';
import type { OrderTextKey } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { OrderLines } from './OrderLines.tsx';
import { type ModeChoice, PartFrame } from './PartFrame.tsx';
import { editIntake, useBinder } from './use-intake.ts';

const choices: ModeChoice[] = [
  { mode: 'none', label: 'Leave out' },
  { mode: 'new', label: 'New order' },
];

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
      <FieldGroup legend="Ship to (if not the patient’s home)">
        <TextField label="Street" className="span-2" {...text('address_1')} />
        <TextField label="Apartment, suite" {...text('address_2')} />
        <TextField label="City" {...text('city')} />
        <SelectField label="State" choices={stateChoices} blank="Choose a state" {...text('state')} />
        <TextField label="ZIP code" inputMode="numeric" maxLength={10} {...text('zip_code')} />
      </FieldGroup>
    </div>
  );
}

export function OrderSection() {
  const mode = useIntakeStore((state) => state.draft.order.mode);
  return (
    <PartFrame
      part="order"
      number={3}
      choices={choices}
      hint="A new order goes to this intake’s patient. Unless “Always a new order” is ticked, it joins the patient’s open order if there is one."
    >
      {mode === 'new' ? <NewOrderFields /> : null}
    </PartFrame>
  );
}
