// NotificationSettings (issue 7, being built).
export function NotificationSettings() {
  return (
    <main className="screen" aria-label="NotificationSettings">
      <p className="notice notice-warn">This screen is not built yet.</p>
    </main>
  );
}
