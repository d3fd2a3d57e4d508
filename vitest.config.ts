// Vitest: the node suite (unit, integration, fault) and the keychain suite, which needs a real Secret Service.
//
// The node suite is three projects. Most unit tests are pure (rules, contract, renderer logic, boundaries): they share
// one module graph per worker (`isolate: false`), which saves each file's fresh import of zod, the contract and the
// rules (a run's largest cost after the tests themselves). A unit test that mocks modules, stubs globals, reads
// process.env or holds a store's state between tests keeps a fresh module graph of its own (`isolatedUnit`), as do
// integration and fault tests (real servers, databases and processes; their set-up is per file anyway).
import { defineConfig } from 'vitest/config';

/** Unit tests that need a module graph of their own: vi.mock/stubGlobal/spyOn, process.env, or a store's state. */
const isolatedUnit = [
  'test/unit/shells/**/*.test.ts',
  'test/unit/events/notifier.test.ts',
  'test/unit/work/print/raw-label.test.ts',
  'test/unit/station/desktop-shell-options.test.ts',
  'test/unit/preload/channel-calls.test.ts',
  'test/unit/renderer/feed/feed-store.test.ts',
  'test/unit/renderer/report/report-store.test.ts',
  'test/unit/renderer/scan/scan-resolution.test.ts',
  'test/unit/renderer/scan/scan-store.test.ts',
  'test/unit/renderer/settings/service-choice.test.ts',
];

/** Integration and fault tests with a module graph of their own: fake timers, a stubbed keychain, child processes. */
const isolatedIntegration = [
  'test/integration/events/poller.test.ts',
  'test/integration/station/idle-station-budget.test.ts',
  'test/integration/station/review-reads.test.ts',
  'test/integration/service/session/keychain-fallback.test.ts',
  'test/integration/packaging/**/*.test.ts',
  'test/fault/**/*.test.ts',
];

/** The demo data seeded once per run; every station rig's training service starts from a copy (harness.ts). */
const seededTraining = './test/integration/support/seeded-training.ts';

const keychain = process.env.STATION_TEST_SUITE === 'keychain';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // expect.poll waits for a state; its default 1 s cap is a guess at machine speed that a loaded CI machine misses.
    expect: { poll: { timeout: 15_000 } },
    ...(keychain
      ? { include: ['test/keychain/**/*.test.ts'] }
      : {
          projects: [
            {
              extends: true,
              test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: isolatedUnit, isolate: false },
            },
            { extends: true, test: { name: 'unit-isolated', include: isolatedUnit } },
            {
              extends: true,
              test: {
                name: 'integration',
                include: ['test/integration/**/*.test.ts'],
                exclude: isolatedIntegration,
                isolate: false,
                globalSetup: [seededTraining],
              },
            },
            {
              extends: true,
              test: { name: 'integration-isolated', include: isolatedIntegration, globalSetup: [seededTraining] },
            },
          ],
        }),
  },
});
