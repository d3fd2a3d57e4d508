// One station's event system in its own process, for the relay fault run: the real inbox (events.db in its data
// folder), the real relay consumer, nothing else (no service: signed out, so the poller does nothing). SIGKILLed and
// restarted at random by the run; SIGTERM stops it cleanly.
// The station's nkey seed and the pharmacy's CA come as files (the link `relay -- init` wrote), never as arguments.
import { readFileSync } from 'node:fs';
import { relayStation } from '../../integration/relay/relay-station.ts';

const [dataDir, natsUrl, stationId, seedPath, caPath] = process.argv.slice(2);
if (!dataDir || !natsUrl || !stationId || !seedPath || !caPath) {
  console.error('usage: station-process.ts <data dir> <nats url> <station id> <seed file> <CA file>');
  process.exit(2);
}

const password = readFileSync(seedPath, 'utf8');
const tlsCa = readFileSync(caPath, 'utf8');
const { system } = relayStation(natsUrl, { id: stationId, password, tlsCa, dataDir });
await system.start();
process.once('SIGTERM', () => {
  void system.stop().then(() => process.exit(0));
});
