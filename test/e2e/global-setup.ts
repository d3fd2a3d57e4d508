// Playwright's global setup: build the renderer into out/renderer when it is missing or older than its sources (`npm
// test` has built it already), so the tests run the station as it is now; and no test opens a desktop browser.
import { buildIfStale, renderer } from '../../scripts/build-if-stale.ts';

export default async function globalSetup(): Promise<void> {
  process.env.STATION_NO_OPEN = '1';
  await buildIfStale([renderer], { say: (line) => console.log(line) });
}
