// SearchStation (issue 7, being built).
export function SearchStation(_props: { query?: string }) {
  return (
    <main className="screen" aria-label="SearchStation">
      <p className="notice notice-warn">This screen is not built yet.</p>
    </main>
  );
}
