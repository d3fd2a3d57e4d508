// Tasks (being built in issue 6): my tasks, the team queue, search, and writes through the outbox.
export function TasksStation(_props: { taskId?: string }) {
  return (
    <main className="screen" aria-label="Tasks">
      <p className="notice notice-warn">Tasks are not built yet.</p>
    </main>
  );
}
