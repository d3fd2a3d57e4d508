// Patients (issue 7): the list, one patient's details, creating and editing, risk factors and the patient's orders.
import { RecordList } from '../../records/list/RecordList.tsx';
import { RecordScreen } from '../../records/RecordScreen.tsx';
import { NewPatient } from './NewPatient.tsx';
import { PatientDetails } from './PatientDetails.tsx';
import { patientList } from './PatientList.tsx';
import '../../forms/records.css';
import './patients.css';

export function PatientsScreen({ patientId }: { patientId?: string }) {
  return (
    <RecordScreen
      recordId={patientId}
      details={(id) => <PatientDetails key={id} patientId={id} />}
      newRecord={(close) => <NewPatient onCancel={close} />}
      list={(openNew) => <RecordList kind={patientList} onNew={openNew} />}
    />
  );
}
