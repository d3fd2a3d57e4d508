// InventoryStation (issue 7, being built).
export function InventoryStation(_props: { lotId?: string }) {
  return (
    <main className="screen" aria-label="InventoryStation">
      <p className="notice notice-warn">This screen is not built yet.</p>
    </main>
  );
}
