// The event feed (being built in issue 6): every received event, newest first, and the stuck-orders queue.
export function EventFeed() {
  return (
    <main className="screen" aria-label="Event feed">
      <p className="notice notice-warn">The event feed is not built yet.</p>
    </main>
  );
}
