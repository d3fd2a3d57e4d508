// The station's connectivity wired to whichever service it is bound to now, and whether that service is one the
// station may trust without asking (set by the machine policy, or confirmed by an admin).

import type { Logger } from '../platform/log/logger.ts';
import { serviceSetByPolicy } from '../platform/policy/policy-locks.ts';
import { CONNECTIVITY_DEFAULTS, type Connectivity, createConnectivity } from '../service/connectivity/connectivity.ts';
import { probeService } from '../service/connectivity/connectivity-clock.ts';
import type { HeardFetch } from '../service/connectivity/heard-fetch.ts';
import { isServiceConfirmed } from '../service/session/service-trust.ts';
import type { StationEmitter } from './emitter.ts';
import type { StationOptions } from './options.ts';
import type { ServiceBinding } from './service-binding.ts';
import { reasonOf } from './stop-list.ts';

/**
 * Connectivity of the bound service: told to the renderer, and `resume` run when the service comes back. What the
 * station's own requests heard (`heard`) tells it first; the idle probe goes only after 10 minutes of silence (or the
 * machine policy's `idleProbeSeconds`).
 */
export function connectivityOf(
  bound: () => ServiceBinding,
  emitter: StationEmitter,
  resume: () => Promise<void>,
  heard: HeardFetch,
  /** The machine policy's `idleProbeSeconds`, when IT set one, and main's injected clock (tests). */
  options: Pick<StationOptions, 'policy' | 'clock'>,
): Connectivity {
  const idleProbeSeconds = options.policy?.policy.idleProbeSeconds;
  const connectivity = createConnectivity(
    () => bound().backend,
    (view, cameBack) => {
      emitter.emit('connectivity.changed', view);
      if (cameBack) void resume();
    },
    {
      probe: (timeoutMs) => probeService(bound().backend.baseUrl, timeoutMs),
      ...(options.clock ? { clock: options.clock } : {}),
      idleProbeEveryMs:
        idleProbeSeconds !== undefined ? idleProbeSeconds * 1000 : CONNECTIVITY_DEFAULTS.idleProbeEveryMs,
    },
  );
  const unlisten = heard.listen((outcome) => connectivity.observe(outcome));
  return {
    ...connectivity,
    stop() {
      unlisten();
      connectivity.stop();
    },
  };
}

/** The service came back or the machine woke: queued task writes go, and the poller looks for what was missed. */
export function resumeWith(outbox: { wake(): void }, events: { resume(): Promise<unknown> }, log: Logger) {
  return async (): Promise<void> => {
    outbox.wake();
    await events
      .resume()
      .catch((error: unknown) => log.warn('polling after resume failed', { error: reasonOf(error) }));
  };
}

/** The bound service needs no confirmation at this station: IT set it, or an admin confirmed it here. */
export async function serviceTrusted(options: StationOptions, binding: ServiceBinding): Promise<boolean> {
  return (
    serviceSetByPolicy(options.policy, binding.backend) || (await isServiceConfirmed(options.dataDir, binding.backend))
  );
}
