// The task writes' channels: queue a write (kept durably before it is sent), list, retry, edit and discard them. They
// receive the outbox and nothing else.
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../../contract/ipc.ts';
import type { Outbox } from './types.ts';

export interface OutboxChannelParts {
  outbox: Outbox;
}

type OutboxChannel = 'tasks:enqueue' | Extract<ChannelName, `outbox:${string}`>;

export const outboxHandlers: ChannelGroup<OutboxChannel, OutboxChannelParts> = {
  'tasks:enqueue': (write, { outbox }) => outbox.enqueue(write),
  'outbox:list': (_, { outbox }) => ({ counts: outbox.counts(), entries: outbox.entries() }),
  'outbox:retry': ({ id }, { outbox }) => outbox.retry(id),
  'outbox:edit': ({ id, body }, { outbox }) => outbox.edit(id, body),
  'outbox:discard': ({ id }, { outbox }) => {
    outbox.discard(id);
    return { id };
  },
};
