import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Two workers on a 2-core machine: API tests wait on the database and on their servers as
    // much as they compute. Each worker has its own PostgreSQL database (worker-database.ts).
    maxWorkers: 2,
    // Files of one worker share its module cache instead of importing the server again each
    // (import and setup 160 -> 14 s of worker time; the whole run 554 -> 395 s on this machine).
    // Nothing in src/server keeps module state a test could leave behind (no mocks, no env writes).
    isolate: false,
    setupFiles: ['src/server/test/worker-database.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
