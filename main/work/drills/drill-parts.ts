// What the drills need from the station, and nothing more: the station adapts its parts to this (own-channels.ts), so
// main/work/drills depends on no station file but the errors it throws.
import type { Capability } from '../../../rules/capabilities.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { ServiceCaller } from '../../service/calls/service-calls.ts';
import type { OutboxEntry } from '../../service/outbox/index.ts';

export interface DrillParts {
  /** True only when the station talks to the training service: drills never run against a real pharmacy. */
  training: boolean;
  dataDir: string;
  serviceId: string;
  /** The folder of the drill files (resources/drills by default). */
  drillsDir: string | undefined;
  signedIn(): {
    user: { id: string | null; email: string; firstName: string | null; lastName: string | null } | null;
    role: string | null;
    /** The service confirmed the role in this run; a role read back from disk alone reaches no trainer's view. */
    roleConfirmed: boolean;
  };
  /** Refuses (forbidden, saying why) unless the signed-in person's confirmed role holds the capability. */
  require(capability: Capability, what: string): void;
  audit: AuditLog;
  /** The outbox's entries (every state), newest last. */
  outboxEntries(): OutboxEntry[];
  /** A service read or write through the signed-in client; a refusal throws. */
  call: ServiceCaller;
  now(): number;
}
