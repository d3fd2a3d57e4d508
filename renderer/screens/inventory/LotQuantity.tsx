// The lot's quantity on hand, Adjust (Alt+A) with a reason, and the audit entries of its changes.
import { useState } from 'react';
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { AdjustForm } from './AdjustForm.tsx';
import { AuditEntries } from './AuditEntries.tsx';
import type { LotForm } from './lot-details.ts';
import { formatQuantity } from './lot-format.ts';
import { lotWords } from './wording.ts';

const words = lotWords.quantity;

export function LotQuantity(props: { lot: InventoryLot; adjusting: boolean; onAdjust(form: LotForm): void }) {
  const { lot } = props;
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section className="card lot-quantity" aria-labelledby="lot-quantity-title">
      <div className="section-head">
        <h2 id="lot-quantity-title">{words.title}</h2>
        {props.adjusting ? null : (
          <ActionButton
            primary
            shortcut="Alt+A"
            onClick={() => {
              setSaved(null);
              props.onAdjust('adjust');
            }}
          >
            {words.adjust}
          </ActionButton>
        )}
      </div>
      <p className="lot-on-hand">
        <strong>{formatQuantity(lot.current_quantity, lot.unit_type)}</strong>
        {words.onHand}
        <span className="muted">
          {words.of}
          {formatQuantity(lot.initial_quantity, lot.unit_type)}
          {words.received}
        </span>
      </p>
      {saved ? (
        <p className="notice notice-good" role="status">
          {saved}
        </p>
      ) : null}
      {props.adjusting ? (
        <AdjustForm
          lot={lot}
          onDone={(message) => {
            setSaved(message);
            props.onAdjust(null);
          }}
        />
      ) : null}
      <AuditEntries lotId={lot.id} unit={lot.unit_type} />
    </section>
  );
}
