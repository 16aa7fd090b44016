import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core runner is one worker; the API tests wait on PostgreSQL (another process) much
    // of the time, so two workers overlap those waits (API project 6.5 -> about 5 min on 2 cores).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/server/test/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          // Test files share one module graph per worker instead of importing the whole server again for each
          // file (that import was 625 of 1,367 s of the suite on a 2-core runner). Every file builds its own app
          // on its own database (test/test-app.ts), so no state rides along in the modules that matters; a file
          // that needs modules loaded under other settings calls freshModules (test/fresh-modules.ts).
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
          env: { BOOKING_DASHBOARD_CACHE_MS: '0' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
