// One station of the record fault run in its own process: the real NATS record (record.db in its data folder, its key
// from key.seed there) verifies every order of the run it does not find verified in the record, in its own order, and
// appends each verification the record accepted (published or queued) to acked.txt, synced, before the next. SIGKILLed
// and restarted at random by the run; once the record holds all its work and nothing waits, it writes `done`.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { seededRandom } from '../outbox/plan.ts';

const [dataDir, natsUrl, name, ordersText, seedText] = process.argv.slice(2);
if (!dataDir || !natsUrl || !name || !ordersText || !seedText) {
  console.error('usage: record-station.ts <data dir> <nats url> <station name> <orders> <seed>');
  process.exit(2);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const record = createNatsRecord({
  view: RecordView.inFolder(dataDir),
  stationName: name,
  key: stationKeyFromSeed(readFileSync(join(dataDir, 'key.seed'), 'utf8').trim()),
  connect: () =>
    connect({
      servers: [natsUrl],
      maxReconnectAttempts: -1,
      reconnectTimeWait: 100,
      waitOnFirstConnect: true,
      pingInterval: 2_000,
      maxPingOut: 2,
    }),
});
const ack = openSync(join(dataDir, 'acked.txt'), 'a');
const random = seededRandom(Number(seedText));
const orders = Array.from({ length: Number(ordersText) }, (_, i) => `order-${i}`).sort(() => random() - 0.5);
const person = { id: 'u-tech', name: `Technician at ${name}`, role: 'technician' };

while (record.status().state !== 'reachable') await sleep(20);
for (const orderId of orders) {
  if (record.verificationOf(orderId)) continue;
  const outcome = await record.verified({
    order_id: orderId,
    order_number: null,
    person,
    lines: [{ product_id: 'p-1', counted: 30, lots: ['LOT-1'] }],
    final_check: null,
  });
  if (!outcome.ok) continue;
  writeSync(ack, `${outcome.fact.id} ${orderId}\n`);
  fsyncSync(ack);
}
closeSync(ack);
// Done once nothing waits to be published and the record is reachable.
for (;;) {
  const status = record.status();
  if (status.state === 'reachable' && status.pending === 0) break;
  await sleep(50);
}
if (!existsSync(join(dataDir, 'done'))) writeFileSync(join(dataDir, 'done'), 'done\n');
await record.close();
process.exit(0);
