// The IPC contract: every channel the renderer may call (`domain:verb`) and every event main sends it. Preload exposes
// exactly these; main validates every input against them; the renderer's types come from them. The tables live in
// ipc/ (a leaf each); this is the one place to import them from.
import { stationEvents } from './ipc/station-events.ts';

export * from './ipc/channel.ts';
export * from './ipc/channels.ts';
export * from './ipc/error-codes.ts';
export * from './ipc/scan.ts';
export {
  type RendererOperationName,
  rendererOperationNames,
  type ServiceCallInput,
  type ServiceChannel,
  type ServiceChannelName,
  type ServiceChannels,
  serviceChannelName,
  serviceChannels,
} from './ipc/service-channels.ts';
export { type StationChannelName, type StationChannels, stationChannels } from './ipc/station-channels.ts';
export {
  type StationEventName,
  type StationEventPayload,
  type StationEvents,
  stationEvents,
} from './ipc/station-events.ts';

export const eventNames: readonly string[] = Object.keys(stationEvents).sort();

export type { ServiceInput, StationApi } from './ipc/api.ts';
