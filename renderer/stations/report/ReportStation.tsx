// ReportStation (issue 7, being built).
export function ReportStation() {
  return (
    <main className="screen" aria-label="ReportStation">
      <p className="notice notice-warn">This screen is not built yet.</p>
    </main>
  );
}
