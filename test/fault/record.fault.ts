// `npm run fault -- record [--orders N] [--stations N] [--seed N] [--kill-every-ms N]`: N orders verified in a race
// from S stations (each in its own process, on the pharmacy's record over a real nats-server) while the stations and
// nats-server are SIGKILLed and restarted at random: no order verified twice, no fact lost.
import { parseArgs } from 'node:util';
import { runRecordFault } from './record/record-chaos.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string' },
    stations: { type: 'string' },
    seed: { type: 'string' },
    'kill-every-ms': { type: 'string' },
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
const orders = whole('orders', values.orders, 2_000, 1, 100_000);
const stations = whole('stations', values.stations, 5, 1, 20);
const killEveryMs = whole('kill-every-ms', values['kill-every-ms'], 500, 50, 60_000);
const seed = values.seed === undefined ? undefined : whole('seed', values.seed, 0, 0, 2 ** 31);

const result = await runRecordFault({
  orders,
  stations,
  killEveryMs,
  ...(seed !== undefined ? { seed } : {}),
  progress: (line) => console.error(line),
});
console.error(
  `seed ${result.seed}; kills: nats-server ${result.kills.nats}, stations ${result.kills.station}; ` +
    `conflicts on return ${result.conflicts}; unverified ${result.unverified}; ${result.seconds} s`,
);
console.log(`verified twice: ${result.verifiedTwice}, facts lost: ${result.factsLost}`);
process.exit(result.verifiedTwice + result.factsLost + result.unverified > 0 ? 1 : 0);
