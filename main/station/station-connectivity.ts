// The station's connectivity wired to whichever service it is bound to now, and whether that service is one the
// station may trust without asking (set by the machine policy, or confirmed by an admin).
import { serviceSetByPolicy } from '../platform/policy/policy-locks.ts';
import { CONNECTIVITY_DEFAULTS, type Connectivity, createConnectivity } from '../service/connectivity/connectivity.ts';
import { probeService } from '../service/connectivity/connectivity-clock.ts';
import type { HeardFetch } from '../service/connectivity/heard-fetch.ts';
import { isServiceConfirmed } from '../service/session/service-trust.ts';
import type { StationEmitter } from './emitter.ts';
import type { StationOptions } from './options.ts';
import type { ServiceBinding } from './service-binding.ts';

/**
 * Connectivity of the bound service: told to the renderer, and `resume` run when the service comes back. What the
 * station's own requests heard (`heard`) tells it first; the idle probe goes only after 10 minutes of silence (or the
 * machine policy's `idleProbeSeconds`).
 */
export function connectivityOf(
  bound: () => ServiceBinding,
  emitter: StationEmitter,
  resume: () => Promise<void>,
  heard?: HeardFetch,
  /** The machine policy's `idleProbeSeconds`, when IT set one. */
  idleProbeSeconds?: number,
): Connectivity {
  const connectivity = createConnectivity(
    () => bound().backend,
    (view, cameBack) => {
      emitter.emit('connectivity.changed', view);
      if (cameBack) void resume();
    },
    {
      probe: (timeoutMs) => probeService(bound().backend.baseUrl, timeoutMs),
      idleProbeEveryMs:
        idleProbeSeconds !== undefined ? idleProbeSeconds * 1000 : CONNECTIVITY_DEFAULTS.idleProbeEveryMs,
    },
  );
  const unlisten = heard?.listen((outcome) => connectivity.observe(outcome));
  return {
    ...connectivity,
    stop() {
      unlisten?.();
      connectivity.stop();
    },
  };
}

/** The bound service needs no confirmation at this station: IT set it, or an admin confirmed it here. */
export async function serviceTrusted(options: StationOptions, binding: ServiceBinding): Promise<boolean> {
  return (
    serviceSetByPolicy(options.policy, binding.backend) || (await isServiceConfirmed(options.dataDir, binding.backend))
  );
}
