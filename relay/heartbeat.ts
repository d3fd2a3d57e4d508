// The relay's heartbeat: one small core NATS message on `relay.heartbeat` every 3 s while the relay runs and NATS is
// connected (no stream keeps it). Stations hear it; one that hears none for three beats says the relay is unreachable
// and polls the service, as when nats-server itself is down (main/events/relay-heartbeat.ts).
import type { NatsConnection } from '@nats-io/transport-node';
import { RELAY_HEARTBEAT_MS, RELAY_HEARTBEAT_SUBJECT } from '../contract/pharmacy-link.ts';

/** Beats at once and every `intervalMs`; answers what stops it. `connection`: null while NATS is away. */
export function startHeartbeat(
  connection: () => NatsConnection | null,
  now: () => Date,
  intervalMs = RELAY_HEARTBEAT_MS,
): () => void {
  const beat = () => {
    const nc = connection();
    if (!nc || nc.isClosed()) return;
    try {
      nc.publish(RELAY_HEARTBEAT_SUBJECT, JSON.stringify({ at: now().toISOString() }));
    } catch {
      // Closing: the next beat finds no connection.
    }
  };
  beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
