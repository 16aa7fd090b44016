import { defineConfig } from 'vitest/config';

/**
 * The fault tests (`npm run test:faults`, a CI phase of its own so its time is visible): each starts real
 * portal processes and PostgreSQL servers, kills, restarts or fails them over, and checks what users were told
 * and what was kept. One file at a time: they load the whole machine.
 */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['apps/server/fault/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 300_000,
  },
});
