import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Two workers on a 2-core machine: API tests wait on the database and on their servers as
    // much as they compute. Each worker has its own PostgreSQL database (worker-database.ts).
    maxWorkers: 2,
    setupFiles: ['src/server/test/worker-database.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
