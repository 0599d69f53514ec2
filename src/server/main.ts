// Reads the configuration, opens the database and listens. Everything else is in app.ts.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from './app'
import { resolveJwtSecret } from './auth/jwt-secret'
import { newBackupSecret, removeBackupAccess, writeBackupAccess } from './backup/backup-access'
import { systemClock } from './clock'
import { type Config, ConfigError, readSettings } from './config'
import { DataDirPermissionError, secureDataDir } from './data-dir'
import { type Database, DatabaseSetupError, openPglite, openPostgres } from './db/database'
import { firstAdminNotice, seedDefaults } from './db/seed'
import { geocoderFromConfig } from './geocoding/reverse-geocoder'
import { serializeError } from './http/log-redaction'
import { DataDirLockedError, lockDataDir } from './lock'
import { createDiskStorage } from './storage/file-storage'

async function main() {
  const settings = readSettings()
  // Before anything opens a file there: the umask, DATA_DIR 0700, what is already there fixed.
  secureDataDir(settings.dataDir)
  // PGlite does not lock its files: one server per DATA_DIR. Instances sharing a PostgreSQL
  // server may share DATA_DIR/uploads.
  const releaseLock = settings.databaseUrl ? () => {} : lockDataDir(settings.dataDir)
  const config: Config = { ...settings, jwtSecret: resolveJwtSecret(settings.jwtSecret, settings.dataDir) }

  let db: Database
  try {
    db = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(path.join(config.dataDir, 'db'))
  } catch (error) {
    releaseLock()
    throw error
  }

  const firstAdmin = await seedDefaults(db.db, {
    username: config.adminUsername,
    password: config.adminPassword,
  })
  if (firstAdmin) console.log(firstAdminNotice(firstAdmin))

  const uploadsDir = path.join(config.dataDir, 'uploads')
  // Served under /files from the start, before the first photo arrives.
  mkdirSync(uploadsDir, { recursive: true, mode: 0o700 })
  const storage = createDiskStorage(uploadsDir)
  // The embedded database can only be dumped by the process that holds it: `npm run backup`
  // asks this server, with the secret it finds in DATA_DIR (written once the port is known).
  const backupSecret = db.dump ? newBackupSecret() : undefined
  const app = await buildApp(
    {
      config,
      db,
      storage,
      clock: systemClock,
      geocoder: geocoderFromConfig(config, systemClock),
      backupSecret,
    },
    { logger: true },
  )

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'arrêt en cours')
    const forced = setTimeout(() => process.exit(1), 10_000)
    forced.unref()
    try {
      if (backupSecret) removeBackupAccess(config.dataDir)
      await app.close()
      await db.close()
    } finally {
      releaseLock()
      process.exit(0)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  // Notifications and e-mails left waiting by a stop or a failed service go out now.
  app.push.sender.start()
  app.email?.start()
  app.sms?.start()
  app.areaRecount.start()
  if (backupSecret) {
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    writeBackupAccess(config.dataDir, {
      url: `http://${loopbackHost(config.host)}:${port}`,
      secret: backupSecret,
    })
  }
  console.log(`Alertes urbaines écoute sur http://localhost:${config.port} (base de données : ${db.kind})`)
}

/** The address on this machine at which a server listening on `host` answers. */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0' || host === '' || host === 'localhost') return '127.0.0.1'
  if (host === '::' || host === '::1') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DataDirPermissionError ||
    error instanceof DatabaseSetupError
  ) {
    console.error(error.message)
  } else {
    // Its stack as the log writes errors: a failed query's values stay out of the journal.
    console.error(
      'Le serveur n’a pas pu démarrer :',
      error instanceof Error ? serializeError(error).stack : error,
    )
  }
  process.exit(1)
})
