// Every channel's handler under its channel's name: the path from a name (`station.orders.get` → `orders:get`) to the
// code that serves it. Service channels: service-handlers.ts; the station's own: own-channels.ts.

import { serviceHandlers } from '../service-calls/service-handlers.ts';
import type { HandlerTable } from './handler.ts';
import { ownHandlers } from './own-channels.ts';

export const handlers: HandlerTable = { ...serviceHandlers, ...ownHandlers };
