// Main -> renderer events: one fan-out that both shells subscribe to, typed by the contract's event table.
import type { StationEventName, StationEventPayload } from '../../contract/ipc.ts';
import type { Logger } from '../platform/log/logger.ts';

export type StationEventListener = (event: string, payload: unknown) => void;

export interface StationEmitter {
  emit<E extends StationEventName>(event: E, payload: StationEventPayload<E>): void;
  on(listener: StationEventListener): () => void;
  clear(): void;
}

export function createStationEmitter(log: Logger): StationEmitter {
  const listeners = new Set<StationEventListener>();
  return {
    emit(event, payload) {
      for (const listener of listeners) {
        try {
          listener(event, payload);
        } catch (error) {
          // One broken shell listener must not stop the others (or the part that raised the event).
          log.error('a station event listener failed', {
            event,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    },
    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear: () => listeners.clear(),
  };
}
