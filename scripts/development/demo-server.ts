// A throwaway server filled with the demo data, in a process of its own, as it runs in production:
// what `npm run lighthouse` measures, so that Lighthouse's own work never delays its answers.
// Prints one JSON line {"url", "reports"} once it listens; stops on SIGTERM and removes its data.
//
//   ADMIN_PASSWORD=… node --import tsx scripts/development/demo-server.ts [--web-dir dist/web]
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadDemoData } from '../../src/server/seed/demo'
import { startThrowawayServer } from '../../src/server/test/throwaway-server'

const { values: args } = parseArgs({ options: { 'web-dir': { type: 'string', default: 'dist/web' } } })
const password = process.env.ADMIN_PASSWORD
if (!password) throw new Error('ADMIN_PASSWORD is required: the first super administrator signs in with it')

let reports = 0
const server = await startThrowawayServer({
  webDir: path.resolve(String(args['web-dir'])),
  admin: { username: process.env.ADMIN_USERNAME ?? 'admin', password },
  prepare: async (db) => {
    reports = (await loadDemoData(db))?.reports ?? 0
  },
})
process.stdout.write(`${JSON.stringify({ url: server.url, reports })}\n`)
process.once('SIGTERM', () => {
  void server.stop().then(() => process.exit(0))
})
