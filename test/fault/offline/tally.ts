// What the service itself holds after the shift: each task created offline once (linked to the order its number
// named), each update applied; counted from the service's own task table, not from what the station believes.
export interface ShiftWrites {
  runId: string;
  creates: { name: string; orderId: string | null }[];
  updates: { taskId: string; description: string }[];
}

export async function countOnService(
  serviceUrl: string,
  writes: ShiftWrites,
): Promise<{ duplicated: number; lost: number; problems: string[] }> {
  const login = await fetch(`${serviceUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@training.local', password: 'Training-2026!' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const tasks: { id: string; name: string; order_id?: string | null; description?: string | null }[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${serviceUrl}/api/v1/tasks?page=${page}&page_size=200`, { headers });
    const batch = (await res.json()) as typeof tasks;
    tasks.push(...batch);
    if (batch.length < 200) break;
  }
  const problems: string[] = [];
  let duplicated = 0;
  let lost = 0;
  for (const create of writes.creates) {
    const found = tasks.filter((task) => task.name === create.name);
    if (found.length === 0) lost++;
    if (found.length > 1) duplicated += found.length - 1;
    if (found[0] && create.orderId !== null && found[0].order_id !== create.orderId) {
      problems.push(`${create.name} is linked to ${found[0].order_id ?? 'nothing'}, not ${create.orderId}`);
    }
  }
  for (const update of writes.updates) {
    const task = tasks.find((t) => t.id === update.taskId);
    if (task?.description !== update.description) lost++;
  }
  return { duplicated, lost, problems };
}
