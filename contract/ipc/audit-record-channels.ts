// The station's audit record's own channel: an admin's acknowledgement that the record is not keyed (no OS keychain).
// Spread into the station's own channels.
import { z } from 'zod';
import { auditRecordView } from './audit-shapes.ts';
import { defineChannel } from './channel.ts';

export const auditRecordChannels = {
  'audit:acknowledgeUnkeyed': defineChannel('audit:acknowledgeUnkeyed', {
    /** Who acknowledges is the signed-in admin the service confirmed (main's session), never the input. */
    input: z.undefined(),
    output: auditRecordView,
    summary: "Acknowledge, once per chain, that this station's audit record is not keyed (a confirmed admin only)",
  }),
};
