// Patients (issue 7, being built): the list, details, create and edit, guardians, risk factors, the patient's orders.
export function PatientsStation(_props: { patientId?: string }) {
  return (
    <main className="screen" aria-label="Patients">
      <p className="notice notice-warn">Patients are not built yet.</p>
    </main>
  );
}
