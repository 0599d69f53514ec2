// `npm run backup`: a consistent backup of the embedded database, the uploaded files and the keys
// of DATA_DIR, in one archive, whether the server runs (it makes the dump itself) or not.
//   npm run backup -- [--data-dir ./data] [--out backups/alertes-urbaines-….tar]
// On a PostgreSQL server (DATABASE_URL): pg_dump, see README.md.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { backupDataDir } from '../../src/server/backup/backup'
import { secureDataDir } from '../../src/server/data-dir'

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: process.env.DATA_DIR || './data' },
    out: { type: 'string' },
  },
})

if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL est défini : sauvegardez PostgreSQL avec pg_dump, et DATA_DIR/uploads et les clés de DATA_DIR avec vos fichiers (voir docs/operations.md).',
  )
  process.exit(1)
}
const dataDir = path.resolve(args['data-dir'])
// The dump may be taken here, by the embedded database: its files stay the server's user's alone.
secureDataDir(dataDir)
const out = path.resolve(
  args.out ?? path.join('backups', `alertes-urbaines-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`),
)
mkdirSync(path.dirname(out), { recursive: true })
try {
  const manifest = await backupDataDir(dataDir, out)
  const by =
    manifest.takenBy === 'running-server' ? 'le serveur en marche' : 'cette commande (serveur arrêté)'
  console.log(
    `Sauvegarde écrite : ${out} (base de données prise par ${by}, ${manifest.files} fichiers envoyés)`,
  )
} catch (error) {
  console.error(`La sauvegarde a échoué : ${(error as Error).message}`)
  process.exit(1)
}
