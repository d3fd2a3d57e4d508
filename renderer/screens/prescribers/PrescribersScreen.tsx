// Prescribers (issue 7): the list, one prescriber's details and licenses by state, creating one, adding a license.
import { useEffect, useState } from 'react';
import { useNavigation } from '../../state/navigation.ts';
import '../../forms/records.css';
import { NewPrescriber } from './NewPrescriber.tsx';
import { PrescriberDetails } from './PrescriberDetails.tsx';
import { PrescriberList } from './PrescriberList.tsx';
import './prescribers.css';

export function PrescribersScreen({ prescriberId }: { prescriberId?: string }) {
  const [creating, setCreating] = useState(false);
  const sequence = useNavigation((state) => state.sequence);
  // Any navigation (Alt+5 again, another prescriber) closes the new-prescriber form.
  useEffect(() => {
    void sequence;
    setCreating(false);
  }, [sequence]);

  if (prescriberId) return <PrescriberDetails key={prescriberId} prescriberId={prescriberId} />;
  if (creating) return <NewPrescriber onCancel={() => setCreating(false)} />;
  return <PrescriberList onNew={() => setCreating(true)} />;
}
