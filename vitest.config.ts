// Vitest: the node suite (unit, integration, fault) and the keychain suite, which needs a real Secret Service.
import { defineConfig } from 'vitest/config';

const suites: Record<string, string[]> = {
  node: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/fault/**/*.test.ts'],
  keychain: ['test/keychain/**/*.test.ts'],
};

export default defineConfig({
  test: {
    include: suites[process.env.STATION_TEST_SUITE ?? 'node'] ?? [],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // expect.poll waits for a state; its default 1 s cap is a guess at machine speed that a loaded CI machine misses.
    expect: { poll: { timeout: 15_000 } },
  },
});
