// Playwright drives Debian's Chromium against the browser shell; its own browser download cannot run here.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // Waiting for a state, never for a duration: a loaded machine (CI beside other work) may take seconds to get there,
  // and a longer cap costs a passing test nothing.
  expect: { timeout: 15_000 },
  outputDir: '.tmp/playwright',
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    screenshot: 'only-on-failure',
  },
});
