// The baseline: a bare node:http server on 127.0.0.1 answering one fixed JSON body, as fast as Node can answer at all.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = JSON.stringify({
  id: '6f1c1a52-8d0e-4c1b-9a57-2f1e0c3b9d10',
  order_number: '1000123',
  status: 'received',
});
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`bare server listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
