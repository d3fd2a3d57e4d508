// Patients (issue 7): the list, one patient's details, creating and editing, risk factors and the patient's orders.
import { useEffect, useState } from 'react';
import { useNavigation } from '../../state/navigation.ts';
import { NewPatient } from './NewPatient.tsx';
import { PatientDetails } from './PatientDetails.tsx';
import { PatientList } from './PatientList.tsx';
import '../../forms/records.css';
import './patients.css';

export function PatientsScreen({ patientId }: { patientId?: string }) {
  const [creating, setCreating] = useState(false);
  const sequence = useNavigation((state) => state.sequence);
  // Any navigation (Alt+4 again, another patient) closes the new-patient form.
  useEffect(() => {
    void sequence;
    setCreating(false);
  }, [sequence]);

  if (patientId) return <PatientDetails key={patientId} patientId={patientId} />;
  if (creating) return <NewPatient onCancel={() => setCreating(false)} />;
  return <PatientList onNew={() => setCreating(true)} />;
}
