// A PostgreSQL server of its own, in a temporary folder, for the checks that stop and start the
// database under a running app: the machine's shared server (other people's tests use it) is
// never restarted. Needs PostgreSQL's programs (Debian: /usr/lib/postgresql/15/bin, or
// PG_BIN_DIR); as root, they run as the `postgres` account, since PostgreSQL refuses root.
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './server-process'

const run = promisify(execFile)

export const DEFAULT_PG_BIN_DIR = '/usr/lib/postgresql/15/bin'

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trust authentication on loopback. */
  url: string
  /** `pg_ctl stop -m fast`: ends every connection (57P01), as a restart or a failover does. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>
}

export async function startPrivatePostgres(
  binDir = process.env.PG_BIN_DIR || DEFAULT_PG_BIN_DIR,
): Promise<PrivatePostgres> {
  if (!existsSync(path.join(binDir, 'pg_ctl'))) {
    throw new Error(
      `PostgreSQL's programs are not in ${binDir} (apt-get install -y postgresql, or set PG_BIN_DIR)`,
    )
  }
  const root = mkdtempSync(path.join(tmpdir(), 'ua-postgres-'))
  const dataDir = path.join(root, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: group } = await run('id', ['-g', 'postgres'])
    chownSync(root, Number(stdout.trim()), Number(group.trim()))
  }
  const pg = (program: string, args: string[]) => {
    const command = path.join(binDir, program)
    return asRoot
      ? run('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: root })
      : run(command, args, { cwd: root })
  }
  const port = await freePort()
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`
  const start = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-l', path.join(root, 'server.log'), '-w', '-o', options, 'start'])
  }
  const stop = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
  }

  await pg('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ])
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      await stop().catch(() => {})
      rmSync(root, { recursive: true, force: true })
    },
  }
}
