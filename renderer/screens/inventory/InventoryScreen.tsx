// Inventory (issue 7): lots by product kind with their expiry and stock flags, one lot (adjust with a reason, the
// audit entries, associations, label), a new lot, editing a lot. Scans open lots while any of these is open.
import { useEffect, useState } from 'react';
import { useNavigation } from '../../state/navigation.ts';
import '../../forms/records.css';
import { InventoryList } from './InventoryList.tsx';
import { LotDetails } from './LotDetails.tsx';
import { NewLot } from './NewLot.tsx';
import { useLotScans } from './use-lot-scans.ts';
import './inventory.css';

export function InventoryScreen({ lotId }: { lotId?: string }) {
  const [creating, setCreating] = useState(false);
  const sequence = useNavigation((state) => state.sequence);
  useLotScans();
  // Any navigation (Alt+6 again, a scanned lot) closes the new-lot form.
  useEffect(() => {
    void sequence;
    setCreating(false);
  }, [sequence]);

  if (lotId) return <LotDetails key={lotId} lotId={lotId} />;
  if (creating) return <NewLot onCancel={() => setCreating(false)} />;
  return <InventoryList onNew={() => setCreating(true)} />;
}
