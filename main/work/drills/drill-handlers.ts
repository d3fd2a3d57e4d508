// The drill channels as a group of the station's channels: what they receive of the station, adapted to the drills'
// own parts (drill-parts.ts), and the handler of each drills:* channel.
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../../contract/ipc.ts';
import type { AuditLog } from '../../audit/index.ts';
import { callService, type ServiceCallParts } from '../../service/calls/service-calls.ts';
import type { Outbox } from '../../service/outbox/types.ts';
import { requireCapability } from '../../service/session/capability-gate.ts';
import type { Session } from '../../service/session/index.ts';
import { competencyWithCsv } from './competency.ts';
import { drillChannels } from './drill-channels.ts';
import type { DrillParts } from './drill-parts.ts';

/** What the drill channels receive of the station: adapted here to the drills' own parts (drill-parts.ts). */
export interface DrillChannelParts extends ServiceCallParts {
  backend: { kind: string; serviceId: string };
  options: { dataDir: string; drillsDir?: string; now?: () => number };
  session: Pick<Session, 'state' | 'caller'>;
  audit: AuditLog;
  outbox: Pick<Outbox, 'entries'>;
}

export function drillParts(parts: DrillChannelParts): DrillParts {
  return {
    training: parts.backend.kind === 'training',
    dataDir: parts.options.dataDir,
    serviceId: parts.backend.serviceId,
    drillsDir: parts.options.drillsDir,
    signedIn: () => parts.session.state(),
    require: (capability, what) => requireCapability(parts.session, capability, what),
    audit: parts.audit,
    outboxEntries: () => parts.outbox.entries({ limit: 10_000 }),
    call: (operation, input) => callService(operation, input, parts),
    now: parts.options.now ?? Date.now,
  };
}

export const drillHandlers: ChannelGroup<Extract<ChannelName, `drills:${string}`>, DrillChannelParts> = {
  'drills:list': (_, parts) => drillChannels.list(drillParts(parts)),
  'drills:start': (input, parts) => drillChannels.start(input, drillParts(parts)),
  'drills:done': (input, parts) => drillChannels.done(input, drillParts(parts)),
  'drills:results': (input, parts) => drillChannels.results(input, drillParts(parts)),
  'drills:competency': (input, parts) => competencyWithCsv(input.trainee, drillParts(parts)),
};
