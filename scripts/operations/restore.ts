// `npm run restore -- <archive>`: restores a backup of `npm run backup` into DATA_DIR, its keys
// included. Refuses while a server holds DATA_DIR; what DATA_DIR held is moved aside, never deleted.
//   npm run restore -- backups/alertes-urbaines-….tar [--data-dir ./data]
import path from 'node:path'
import { parseArgs } from 'node:util'
import { restoreDataDir } from '../../src/server/backup/backup'
import { DATA_DIR_KEYS, secureDataDir } from '../../src/server/data-dir'
import { DataDirLockedError } from '../../src/server/lock'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'data-dir': { type: 'string', default: process.env.DATA_DIR || './data' } },
})

const archive = positionals[0]
if (!archive) {
  console.error('Usage : npm run restore -- <sauvegarde.tar> [--data-dir ./data]')
  process.exit(1)
}
const dataDir = path.resolve(args['data-dir'])
// What the restore writes into DATA_DIR is the server's user's alone, like what the server writes.
secureDataDir(dataDir)
try {
  const summary = await restoreDataDir(path.resolve(archive), dataDir)
  console.log(
    `Sauvegarde du ${summary.manifest.createdAt} restaurée dans ${dataDir} : ${summary.reports} signalements, ${summary.files} fichiers envoyés, clés ${summary.keys.join(', ') || '(aucune)'}.`,
  )
  const absent = Object.values(DATA_DIR_KEYS).filter((key) => !summary.keys.includes(key))
  if (absent.length > 0)
    console.log(
      `Clés absentes de la sauvegarde, laissées telles quelles dans DATA_DIR (canal jamais utilisé, ou clé réglée dans l’environnement) : ${absent.join(', ')}.`,
    )
  if (summary.previousDataKeptIn)
    console.log(`Les données remplacées sont gardées dans ${summary.previousDataKeptIn}.`)
} catch (error) {
  if (error instanceof DataDirLockedError) console.error(`Restauration refusée : ${error.message}`)
  else console.error(`La restauration a échoué : ${(error as Error).message}`)
  process.exit(1)
}
