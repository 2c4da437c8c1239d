import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'web/src/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A browser page polled for what it shows may take seconds on a loaded machine: expect.poll's own default (1 s)
    // failed a test whose page was merely slow.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
  },
});
