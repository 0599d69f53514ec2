// The project's npm scripts (`npm start`, `npm run seed:demo`) run as a person runs them, npm
// included, for the process and browser tests of a first start.
import { type ChildProcess, spawn } from 'node:child_process'
import { repoRoot } from './server-process'

export interface NpmRun {
  child: ChildProcess
  /** What it printed so far, stdout and stderr together. */
  output: () => string
  /** What it printed on stdout only. */
  stdout: () => string
  /** Its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** The process groups started, kept after npm exits: what it started may outlive it. */
const groups = new Set<number>()

/**
 * `npm run <script>` (or `npm start`) from the project's root, with the test's environment plus
 * `env`, in a process group of its own so that `killNpmRuns` ends whatever it started too.
 */
export function npmRun(args: string[], env: Record<string, string>): NpmRun {
  const child = spawn('npm', args, {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', GEOCODER_URL: '', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (child.pid) groups.add(child.pid)
  let output = ''
  let stdout = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, output: () => output, stdout: () => stdout, exited }
}

/** Ends (SIGKILL) whatever still runs of the process groups that `npmRun` started. */
export function killNpmRuns() {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  groups.clear()
}

/** Whether anything still accepts connections on this loopback port. */
export async function isListening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })
    return true
  } catch {
    return false
  }
}

/** Whether a process with this pid is still alive. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The sign-ins `npm run seed:demo` printed: the first administrator (when it created it), the organisations. */
export function printedCredentials(stdout: string) {
  const admin = /identifiant «\u202f(.+?)\u202f», mot de passe «\u202f(.+?)\u202f»/.exec(stdout)
  const password = /Organisations de démonstration \(mot de passe «\u202f(.+?)\u202f»\)/.exec(stdout)?.[1]
  const emails = [...stdout.matchAll(/^ {2}(\S+@\S+) — /gm)].map((match) => match[1] ?? '')
  return {
    admin: admin ? { username: admin[1] ?? '', password: admin[2] ?? '' } : null,
    organizations: emails.map((email) => ({ email, password: password ?? '' })),
  }
}
