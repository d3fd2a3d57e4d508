// Inventory (issue 7): lots by product kind with their expiry and stock flags, one lot (adjust with a reason, the
// audit entries, associations, label), a new lot, editing a lot. Scans open lots while any of these is open.
import '../../forms/records.css';
import { RecordScreen } from '../../records/RecordScreen.tsx';
import { InventoryList } from './InventoryList.tsx';
import { LotDetails } from './LotDetails.tsx';
import { NewLot } from './NewLot.tsx';
import { useLotScans } from './use-lot-scans.ts';
import './inventory.css';

export function InventoryScreen({ lotId }: { lotId?: string }) {
  useLotScans();
  return (
    <RecordScreen
      recordId={lotId}
      details={(id) => <LotDetails key={id} lotId={id} />}
      newRecord={(close) => <NewLot onCancel={close} />}
      list={(openNew) => <InventoryList onNew={openNew} />}
    />
  );
}
