// Prescription review (being built in issue 6): the electronic prescription, its prescriber and the checks panel.
export function PrescriptionReview({ prescriptionId }: { prescriptionId: string; orderId?: string }) {
  return (
    <main className="screen" aria-label="Prescription review">
      <p className="notice notice-warn">Prescription review is not built yet ({prescriptionId}).</p>
    </main>
  );
}
