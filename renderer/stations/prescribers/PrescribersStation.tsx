// Prescribers (issue 7, being built): the list, details, licenses by state, create, add or update a license.
export function PrescribersStation(_props: { prescriberId?: string }) {
  return (
    <main className="screen" aria-label="Prescribers">
      <p className="notice notice-warn">Prescribers are not built yet.</p>
    </main>
  );
}
