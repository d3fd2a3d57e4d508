// One station's event system in its own process, for the relay fault run: the real inbox (events.db in its data
// folder), the real relay consumer, nothing else (no service: signed out, so the poller does nothing). SIGKILLed and
// restarted at random by the run; SIGTERM stops it cleanly.
import { relayStation } from '../../integration/relay/relay-station.ts';

const [dataDir, natsUrl, stationId, password] = process.argv.slice(2);
if (!dataDir || !natsUrl || !stationId) {
  console.error('usage: station-process.ts <data dir> <nats url> <station id> [password]');
  process.exit(2);
}

const { system } = relayStation(natsUrl, { id: stationId, password: password ?? null, dataDir });
await system.start();
process.once('SIGTERM', () => {
  void system.stop().then(() => process.exit(0));
});
