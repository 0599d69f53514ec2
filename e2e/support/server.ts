// The real app, serving the production build (dist/web), on a free port and a fresh embedded
// database that the test can also write to.
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Database } from '../../src/server/db/database'
import { insertReport } from '../../src/server/test/factories'
import { startThrowawayServer } from '../../src/server/test/throwaway-server'

export interface E2eServer {
  url: string
  db: Database
  /**
   * Writes a report straight into the database, then forgets the server's cached public reads,
   * as the event of a real change would.
   */
  insertReport(fields?: Parameters<typeof insertReport>[1]): ReturnType<typeof insertReport>
  /** Sends the Web Push notifications waiting now (the server's own round, without its timer). */
  deliverPushes(): Promise<number>
  /** Sends the SMS waiting now through the gateway (the SMS channel's round, without its timer). */
  sendSms(): Promise<number>
  /** Recounts every report's commune after an import of limits (the server's rounds, without their timer). */
  recountAreas(): Promise<void>
  stop(): Promise<void>
}

/** The super administrator every browser test's server starts with. */
export const E2E_ADMIN = { username: 'admin', password: 'admin-e2e-password' } as const

export async function startE2eServer(options: { env?: Record<string, string> } = {}): Promise<E2eServer> {
  // A build of one's own (`vite build --outDir dist/web-x`) lets several people test at once.
  const webDir = path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web')
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${webDir} is missing: run \`npm run build\` before the browser tests`)
  }
  const server = await startThrowawayServer({
    webDir,
    admin: E2E_ADMIN,
    env: options.env,
  })
  return {
    url: server.url,
    db: server.db,
    async insertReport(fields) {
      const report = await insertReport(server.db.db, fields)
      server.app.readCache.invalidate()
      return report
    },
    deliverPushes: () => server.app.push.sender.deliverDue(),
    recountAreas: () => server.app.areaRecount.runUntilDone(),
    sendSms: async () => (server.app.sms ? server.app.sms.sendDue() : 0),
    stop: server.stop,
  }
}
