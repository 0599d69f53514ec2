import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// One runner for every suite. `npm test` runs them all; CI sets TEST_DATABASE_URL so that the
// API suite runs a second time on the PostgreSQL server, and TEST_REDIS_URL so that the limits
// shared by several instances through Redis are tested too. `*.postgres.test.ts` files test what
// only a PostgreSQL server does (its connections can be lost): they run in that second pass only.
const apiProjects = [
  {
    test: {
      name: 'api',
      environment: 'node',
      include: ['src/server/**/*.test.ts'],
      exclude: [
        'src/server/**/*.process.test.ts',
        'src/server/**/*.postgres.test.ts',
        'src/server/**/*.redis.test.ts',
      ],
      env: { TEST_DB: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
]
if (process.env.TEST_DATABASE_URL) {
  apiProjects.push({
    test: {
      name: 'api-postgres',
      environment: 'node',
      include: ['src/server/**/*.test.ts'],
      exclude: ['src/server/**/*.process.test.ts', 'src/server/**/*.redis.test.ts'],
      env: { TEST_DB: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  })
}

if (process.env.TEST_REDIS_URL) {
  apiProjects.push({
    test: {
      name: 'api-redis',
      environment: 'node',
      include: ['src/server/**/*.redis.test.ts'],
      exclude: [],
      env: { TEST_DB: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  })
}

export default defineConfig({
  test: {
    // Vitest's own default is one worker fewer than the CPUs: one on the two cores of our CI machine,
    // whose worker then mostly waits for a database, a child process or Chromium. Two take half the time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', environment: 'node', include: ['src/domain/**/*.test.ts'] } },
      ...apiProjects,
      {
        test: {
          name: 'process',
          environment: 'node',
          include: ['src/server/**/*.process.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The browser tests share one built app and one Chromium; run them one file at a time.
          fileParallelism: false,
        },
      },
    ],
  },
})
