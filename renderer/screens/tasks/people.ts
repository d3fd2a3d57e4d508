// The people a task can name (assignee, watchers): whoever the loaded tasks mention, and the person signed in.

import type { Task, TaskPerson } from '../../../contract/service/tasks.ts';
import { serviceName } from '../../../rules/words/person-name.ts';

/** A person as the task screens show and pick them. */
export interface Person {
  id: string;
  name: string;
  role: string | null;
  /** The person signed in: pickers say "(me)". */
  me?: boolean;
}

/** How a picker labels a person. */
export function pickerLabel(person: Person): string {
  return person.me ? `${person.name} (me)` : person.name;
}

/** "Taylor Technician", or a short form of the id when the service sent no name. */
export function personName(person: Pick<TaskPerson, 'id' | 'first_name' | 'last_name'>): string {
  return serviceName(person) ?? `Person ${shortId(person.id)}`;
}

/** The first block of a UUID: enough to tell records apart on screen, never a whole identifier to read aloud. */
export function shortId(id: string): string {
  return id.split('-')[0] ?? id;
}

export function toPerson(person: TaskPerson): Person {
  return { id: person.id, name: personName(person), role: person.role ?? null };
}

/**
 * Everyone the station knows of: the service has no user list for the station, so the choice is the signed-in
 * person plus the assignees and watchers of the tasks read so far. Sorted by name, the signed-in person first.
 */
export function knownPeople(me: Person | null, taskLists: readonly (readonly Task[] | undefined)[]): Person[] {
  const byId = new Map<string, Person>();
  for (const tasks of taskLists) {
    for (const task of tasks ?? []) {
      if (task.assignee) byId.set(task.assignee.id, toPerson(task.assignee));
      for (const watcher of task.watchers ?? []) byId.set(watcher.id, toPerson(watcher));
    }
  }
  if (me) byId.delete(me.id);
  const others = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  return me ? [me, ...others] : others;
}
