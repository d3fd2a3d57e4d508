// Tasks read through the station: my tasks, the team queue (every open task), search, one task, and the code tables.
// Writes never go here: they go through the outbox (queries/outbox.ts).
import { useQuery } from '@tanstack/react-query';
import type { Task, TaskStatus } from '../../contract/service/tasks.ts';
import { useAttendanceStore } from '../attendance/attendance-store.ts';
import { useOffline } from './connectivity.ts';
import { station, unwrap } from './station.ts';

/** Every task list shares this prefix, so an applied write can refresh them all at once. */
export const tasksKey = ['tasks'] as const;
export const myTasksKey = (userId: string) => ['tasks', 'mine', userId] as const;
export const teamQueueKey = (statusCodes: readonly string[]) => ['tasks', 'queue', statusCodes.join(',')] as const;
export const taskSearchKey = (q: string) => ['tasks', 'search', q] as const;
export const taskKey = (taskId: string) => ['tasks', 'get', taskId] as const;
/** The code tables change rarely and are not task lists: kept apart from the prefix above. */
export const taskCategoriesKey = ['task-codes', 'categories'] as const;
export const taskStatusesKey = ['task-codes', 'statuses'] as const;

/** The most the service gives in one page; a person's own list and the open queue fit in it. */
const PAGE_SIZE = 200;
export const SEARCH_LIMIT = 50;
/** While the service does not answer, read again this often: the first answer brings the station back online. */
const OFFLINE_PROBE_MS = 4_000;
/** Tasks have no events: other people's changes show on this beat. */
const REFRESH_MS = 30_000;

/** Newest first, as the service lists them. */
function newestFirst(a: Task, b: Task): number {
  return Date.parse(b.created_at ?? '') - Date.parse(a.created_at ?? '') || b.id.localeCompare(a.id);
}

export function fetchMyTasks(userId: string): Promise<Task[]> {
  return unwrap(station().tasks.list({ query: { assignee_id: userId, page_size: PAGE_SIZE } }));
}

/** Every task in an open status: one read per status (the service filters by one status at a time). */
export async function fetchTeamQueue(statusCodes: readonly string[]): Promise<Task[]> {
  const pages = await Promise.all(
    statusCodes.map((code) => unwrap(station().tasks.list({ query: { status_code: code, page_size: PAGE_SIZE } }))),
  );
  return pages.flat().sort(newestFirst);
}

export async function fetchTaskSearch(q: string): Promise<Task[]> {
  const answer = await unwrap(station().search.tasks({ query: { q, limit: SEARCH_LIMIT } }));
  return answer.results;
}

/**
 * Keeps a list fresh while someone is at the station: quickly while offline (that read is the probe that notices the
 * service is back); left alone, not at all (renderer/attendance/attendance-store.ts).
 */
function useRefresh() {
  const offline = useOffline();
  const attended = useAttendanceStore((state) => state.attended);
  if (!attended) return false;
  return (query: { state: { status: string } }) =>
    offline || query.state.status === 'error' ? OFFLINE_PROBE_MS : REFRESH_MS;
}

export function useMyTasks(userId: string | null) {
  const refetchInterval = useRefresh();
  return useQuery({
    queryKey: myTasksKey(userId ?? ''),
    queryFn: () => fetchMyTasks(userId as string),
    enabled: userId !== null,
    refetchInterval,
  });
}

export function useTeamQueue(statusCodes: readonly string[] | null) {
  const refetchInterval = useRefresh();
  return useQuery({
    queryKey: teamQueueKey(statusCodes ?? []),
    queryFn: () => fetchTeamQueue(statusCodes ?? []),
    enabled: statusCodes !== null && statusCodes.length > 0,
    refetchInterval,
  });
}

export function useTaskSearch(q: string) {
  const refetchInterval = useRefresh();
  return useQuery({
    queryKey: taskSearchKey(q),
    queryFn: () => fetchTaskSearch(q),
    enabled: q.trim() !== '',
    refetchInterval,
  });
}

export function useTask(taskId: string | null) {
  return useQuery({
    queryKey: taskKey(taskId ?? ''),
    queryFn: () => unwrap(station().tasks.get({ params: { task_id: taskId as string } })),
    enabled: taskId !== null,
  });
}

export function useTaskCategories() {
  return useQuery({
    queryKey: taskCategoriesKey,
    queryFn: () => unwrap(station().tasks.categories()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTaskStatuses() {
  return useQuery({
    queryKey: taskStatusesKey,
    queryFn: (): Promise<TaskStatus[]> => unwrap(station().tasks.statuses()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
