// TrainingControls (issue 7, being built).
export function TrainingControls() {
  return (
    <main className="screen" aria-label="TrainingControls">
      <p className="notice notice-warn">This screen is not built yet.</p>
    </main>
  );
}
