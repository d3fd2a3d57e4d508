// The outbox's channels: what waits to be written to the service, and a person's decision on a write that failed.
// Spread into the station's own channels.
import { z } from 'zod';
import { defineChannel } from './channel.ts';
import { outboxCounts, outboxEditInput, outboxEntry, outboxEntryRef } from './outbox.ts';

const none = z.undefined();

export const outboxChannels = {
  'outbox:list': defineChannel('outbox:list', {
    input: none,
    output: z.strictObject({ counts: outboxCounts, entries: z.array(outboxEntry) }),
    summary: 'The queued, sending, failed and recently done task writes',
  }),
  'outbox:retry': defineChannel('outbox:retry', {
    input: outboxEntryRef,
    output: outboxEntry,
    summary: 'Retry a failed write',
  }),
  'outbox:edit': defineChannel('outbox:edit', {
    input: outboxEditInput,
    output: outboxEntry,
    summary: 'Correct a failed write',
  }),
  'outbox:discard': defineChannel('outbox:discard', {
    input: outboxEntryRef,
    output: z.strictObject({ id: z.string() }),
    summary: 'Discard a failed write (a person decides; nothing is dropped silently)',
  }),
};
