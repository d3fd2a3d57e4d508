// Hearing the pharmacy's relay: it beats on `relay.heartbeat` every 3 s (relay/heartbeat.ts) and a station hears only
// its own inbox otherwise, so the relay process gone while nats-server is up would go unnoticed. No beat for three
// beats: the relay is silent (the relay consumer says "relay unreachable" and the poller takes over); a beat: heard
// again. While the connection itself is down nothing is counted (the connection's own status says so); back, the
// relay has three beats again to be heard.
import type { NatsConnection } from '@nats-io/transport-node';
import { RELAY_BEATS_MISSED, RELAY_HEARTBEAT_MS, RELAY_HEARTBEAT_SUBJECT } from '../../contract/pharmacy-link.ts';
import type { Logger } from '../platform/log/logger.ts';

export interface RelayHearing {
  /** No beat heard for three beats (told once per silence). */
  onSilent(): void;
  /** A beat after a silence. */
  onHeard(): void;
  log?: Logger | undefined;
  /** Default `RELAY_HEARTBEAT_MS`. */
  beatMs?: number;
}

/** Listens for the relay's beats on `nc`; answers what stops it. */
export function hearRelay(nc: NatsConnection, hearing: RelayHearing): () => void {
  const silentAfter = (hearing.beatMs ?? RELAY_HEARTBEAT_MS) * RELAY_BEATS_MISSED;
  let silent = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const quiet = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  /** Counts from now: silent unless a beat comes within three beats. */
  const arm = () => {
    quiet();
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      if (silent || stopped) return;
      silent = true;
      hearing.onSilent();
    }, silentAfter);
    timer.unref?.();
  };
  const subscription = nc.subscribe(RELAY_HEARTBEAT_SUBJECT, {
    callback: (error) => {
      if (error) {
        // A link written before the heartbeat does not let the station hear it: the relay reads as down.
        hearing.log?.warn(
          'the relay’s heartbeat cannot be heard: the link’s nats-server.conf must let stations subscribe to it',
          {
            subject: RELAY_HEARTBEAT_SUBJECT,
            error: error.message,
          },
        );
        return;
      }
      arm();
      if (!silent) return;
      silent = false;
      hearing.onHeard();
    },
  });
  arm();
  void (async () => {
    for await (const status of nc.status()) {
      if (stopped) break;
      if (status.type === 'disconnect') quiet();
      if (status.type === 'reconnect') arm();
    }
  })();
  return () => {
    stopped = true;
    quiet();
    if (!nc.isClosed()) subscription.unsubscribe();
  };
}
