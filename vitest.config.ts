import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// One runner for every suite. `npm test` runs them all; CI sets TEST_DATABASE_URL so that the
// API suite runs a second time on the PostgreSQL server, and TEST_REDIS_URL so that the limits
// shared by several instances through Redis are tested too. `*.postgres.test.ts` files test what
// only a PostgreSQL server does (its connections can be lost): they run in that second pass only.
/** Migrates one PGlite database for the run; every test database of the suite starts from it. */
const PGLITE_TEMPLATE = 'src/server/test/pglite-template.ts'
// The API suites run their files one after another in the same workers (`isolate: false`): each
// file still gets its own app and database (buildTestApp), the server's code keeps nothing at
// module level but WeakMaps keyed by an app or a database, and Vitest restores mocks after each
// file. A new process a file imported Fastify, Drizzle, PGlite, sharp… again each time: 106 s of
// the API suite's 534 s of worker time on PGlite, 106 s again on PostgreSQL; 13 and 15 s so.
const apiProjects: TestProjectInlineConfiguration[] = [
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
      globalSetup: [PGLITE_TEMPLATE],
      isolate: false,
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
      globalSetup: ['src/server/test/postgres-template.ts'],
      isolate: false,
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
      globalSetup: [PGLITE_TEMPLATE],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  })
}

export default defineConfig({
  test: {
    // Vitest's own default is one worker fewer than the CPUs: one on the two cores of our CI machine,
    // whose worker then mostly waits for a database, a child process or Chromium. Two take half the
    // time. The PGlite test databases start from one migrated copy (pglite-template.ts): the API
    // suite's 48 opens took 181 s of worker time, 59 s so.
    maxWorkers: 2,
    reporters: ['default', './e2e/support/retried-tests-reporter.ts'],
    projects: [
      { test: { name: 'domain', environment: 'node', include: ['src/domain/**/*.test.ts'] } },
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'] } },
      ...apiProjects,
      {
        test: {
          name: 'process',
          environment: 'node',
          include: ['src/server/**/*.process.test.ts'],
          // Only catches a hang: a server's first start (database created and migrated) takes
          // 11 s on an idle machine and over 30 s on a loaded one, and a test may start three.
          testTimeout: 300_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          // Not the vmForks pool, though it loads jsdom once a worker: a screen's file run alone
          // then fails on its lazy route modules ("request for 'react' is not in cache").
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // Only catches a hang: a screen's test types, waits and renders for about a second on an
          // idle machine, and went past Vitest's 5 s in CI runs beside other work (load 8–10).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: [PGLITE_TEMPLATE],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files run beside the other projects' (one group, two workers): the browser tests no
          // longer wait for every other suite to end, then run alone with a core idle (531 s of a
          // 1,018 s run before, 2026-12-07). Two browser files at once passed every run since,
          // without a retry; `npm run test:e2e` alone takes 415 s instead of 531.
          // On CI's two shared cores a browser test fails about once a run on a 30 s wait, a
          // different one each time (journey, languages, reach, citizen), and a red run loses
          // the whole change. A failed test runs once more; the report names it ("retry x1"),
          // and each one seen is chased down (the citizen's bell was a real race).
          retry: 1,
        },
      },
    ],
  },
})
