// Scan to verify (being built in issue 6): counts scanned products against the order's lines.
export function VerifyStation({ orderId }: { orderId: string }) {
  return (
    <main className="screen" aria-label="Verify">
      <p className="notice notice-warn">Scan to verify is not built yet (order {orderId}).</p>
    </main>
  );
}
