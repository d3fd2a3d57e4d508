// `npm run fault -- relay [--events N] [--stations N] [--seed N] [--kill-every-ms N]`: N events through the relay while
// the relay, nats-server and the stations are SIGKILLed and restarted at random; every station must store every event
// exactly once. `npm run fault -- relay --outage [--events N] [--stations N]`: the relay SIGKILLed and kept down until
// the training service has given up on N/2 orders' deliveries (8 attempts each); started again, it catches up from the
// service; every station must store every order's event.
import { parseArgs } from 'node:util';
import { runRelayFault } from './relay/relay-chaos.ts';
import { runRelayOutage } from './relay/relay-outage.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string' },
    stations: { type: 'string' },
    seed: { type: 'string' },
    'kill-every-ms': { type: 'string' },
    outage: { type: 'boolean' },
  },
  strict: true,
});
const whole = (name: string, text: string | undefined, fallback: number, min: number, max: number) => {
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
};
const stations = whole('stations', values.stations, 3, 1, 50);
if (values.outage) {
  const orders = whole('events', values.events, 200, 2, 10_000);
  const result = await runRelayOutage({ orders, stations, progress: (line) => console.error(line) });
  console.log(
    `relay outage run: ${result.orders} orders × ${result.stations} stations, the relay down ${result.downSeconds} s ` +
      `(${result.serviceHours} h on the service's clock) ` +
      `past the service's 8 delivery attempts (${result.failedForGood} deliveries failed for good); ` +
      `events lost: ${result.lost}, duplicated: ${result.duplicated}`,
  );
  process.exit(result.lost + result.duplicated > 0 || result.failedForGood === 0 ? 1 : 0);
}
const events = whole('events', values.events, 10_000, 1, 1_000_000);
const killEveryMs = whole('kill-every-ms', values['kill-every-ms'], 700, 50, 60_000);
const seed = values.seed === undefined ? undefined : whole('seed', values.seed, 0, 0, 2 ** 31);

const result = await runRelayFault({
  events,
  stations,
  killEveryMs,
  ...(seed !== undefined ? { seed } : {}),
  progress: (line) => console.error(line),
});
console.error(
  `seed ${result.seed}; kills: relay ${result.kills.relay}, nats-server ${result.kills.nats}, stations ${result.kills.station}; ` +
    `sender retries ${result.senderRetries}; redeliveries recognised by the inboxes ${result.redelivered}; ${result.seconds} s`,
);
console.log(
  `relay fault run: ${result.events} events × ${result.stations} stations, lost: ${result.lost}, duplicated: ${result.duplicated}`,
);
process.exit(result.lost + result.duplicated > 0 ? 1 : 0);
