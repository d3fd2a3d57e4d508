// Every channel's handler under its channel's name: the path from a name (`station.orders.get` → `orders:get`) to the
// code that serves it. Each group lives in the room that does its work and receives only the parts it declares; the
// station's parts satisfy every group's (the compiler checks it here), and the table must hold every channel.
import { auditHandlers } from '../audit/audit-channels.ts';
import { drillHandlers } from '../drills/drill-handlers.ts';
import { eventsHandlers } from '../events/events-channels.ts';
import { outboxHandlers } from '../outbox/outbox-channels.ts';
import { printHandlers } from '../print/print-channels.ts';
import { orderTaskHandlers } from '../reads/order-tasks.ts';
import { scanHandlers } from '../scan/scan-resolve.ts';
import { serviceHandlers } from '../service-calls/service-handlers.ts';
import { sessionHandlers } from '../session/session-channels.ts';
import { settingsHandlers } from '../settings/settings-channels.ts';
import { verifyHandlers } from '../verify-runs/verify-channels.ts';
import { workQueueHandlers } from '../work-queue/work-queue-channels.ts';
import type { HandlerTable } from './handler.ts';
import { ownHandlers } from './own-channels.ts';

export const handlers: HandlerTable = {
  ...serviceHandlers,
  ...sessionHandlers,
  ...settingsHandlers,
  ...outboxHandlers,
  ...orderTaskHandlers,
  ...auditHandlers,
  ...verifyHandlers,
  ...printHandlers,
  ...drillHandlers,
  ...eventsHandlers,
  ...scanHandlers,
  ...workQueueHandlers,
  ...ownHandlers,
};
