// Prescribers (issue 7): the list, one prescriber's details and licenses by state, creating one, adding a license.
import '../../forms/records.css';
import { RecordList } from '../../records/list/RecordList.tsx';
import { RecordScreen } from '../../records/RecordScreen.tsx';
import { NewPrescriber } from './NewPrescriber.tsx';
import { PrescriberDetails } from './PrescriberDetails.tsx';
import { prescriberList } from './PrescriberList.tsx';
import './prescribers.css';

export function PrescribersScreen({ prescriberId }: { prescriberId?: string }) {
  return (
    <RecordScreen
      recordId={prescriberId}
      details={(id) => <PrescriberDetails key={id} prescriberId={id} />}
      newRecord={(close) => <NewPrescriber onCancel={close} />}
      list={(openNew) => <RecordList kind={prescriberList} onNew={openNew} />}
    />
  );
}
