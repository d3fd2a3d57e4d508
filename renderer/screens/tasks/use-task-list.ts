// Everything the tasks screen reads: who I am, the code tables, the list in view, the outbox, and the rows they make.

import { useMemo } from 'react';
import { nameOf } from '../../../rules/words/person-name.ts';
import { useOutbox } from '../../queries/outbox.ts';
import { useSession } from '../../queries/session.ts';
import { useMyTasks, useTaskCategories, useTaskSearch, useTaskStatuses, useTeamQueue } from '../../queries/tasks.ts';
import { knownPeople, type Person } from './people.ts';
import { openStatusCodes } from './task-format.ts';
import { buildTaskRows, type NamingContext, type TaskListView } from './task-rows.ts';

export type ListKind = Exclude<TaskListView['kind'], 'any'>;

function useMe(): Person | null {
  const session = useSession();
  const user = session.data?.user;
  const role = session.data?.role ?? null;
  return useMemo(() => {
    if (!user?.id) return null;
    const name = nameOf(user) ?? user.email;
    return { id: user.id, name, role, me: true };
  }, [user, role]);
}

export function useTaskList(kind: ListKind, q: string) {
  const me = useMe();
  const statuses = useTaskStatuses();
  const categories = useTaskCategories();
  const openCodes = useMemo(() => (statuses.data ? openStatusCodes(statuses.data) : null), [statuses.data]);
  // Both lists are read whichever is in view: the team queue is also where the people to pick come from.
  const mine = useMyTasks(me?.id ?? null);
  const queue = useTeamQueue(openCodes);
  const search = useTaskSearch(kind === 'search' ? q : '');
  const outbox = useOutbox();
  const list = kind === 'mine' ? mine : kind === 'queue' ? queue : search;

  const people = useMemo(
    () => knownPeople(me, [mine.data, queue.data, search.data]),
    [me, mine.data, queue.data, search.data],
  );
  const naming: NamingContext = useMemo(
    () => ({ statuses: statuses.data, categories: categories.data, people }),
    [statuses.data, categories.data, people],
  );
  const entries = outbox.data?.entries;
  const rows = useMemo(() => {
    const view: TaskListView =
      kind === 'mine' ? { kind, userId: me?.id ?? null } : kind === 'queue' ? { kind } : { kind, q };
    return buildTaskRows(list.data ?? [], entries ?? [], { ...naming, view, listReadAt: list.dataUpdatedAt });
  }, [kind, me?.id, q, list.data, list.dataUpdatedAt, entries, naming]);

  return { me, rows, list, outbox, statuses, categories, people, naming };
}

export type TaskListData = ReturnType<typeof useTaskList>;
