// The skeleton every record screen (patients, prescribers, inventory lots) is built on: an id in the route shows that
// record, the new-record form is open after its command, else the list. Any navigation (the screen's key again, a
// scan, another record) closes the new-record form, so it never lingers behind what the person went to.
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigationStore } from '../state/navigation-store.ts';

export function RecordScreen(props: {
  recordId?: string | undefined;
  /** One record; give the element `key={id}` so another record starts afresh. */
  details(recordId: string): ReactNode;
  newRecord(close: () => void): ReactNode;
  list(openNew: () => void): ReactNode;
}) {
  const [creating, setCreating] = useState(false);
  const sequence = useNavigationStore((state) => state.sequence);
  useEffect(() => {
    void sequence;
    setCreating(false);
  }, [sequence]);

  if (props.recordId) return props.details(props.recordId);
  if (creating) return props.newRecord(() => setCreating(false));
  return props.list(() => setCreating(true));
}
