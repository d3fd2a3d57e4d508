// IntakeStation (issue 7, being built).
export function IntakeStation() {
  return (
    <main className="screen" aria-label="IntakeStation">
      <p className="notice notice-warn">This screen is not built yet.</p>
    </main>
  );
}
