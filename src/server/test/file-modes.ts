// What another account of the machine could read or change under a folder, walked without the
// server's code: the tests of DATA_DIR's permissions check the server with this.
import { chmodSync, lstatSync, readdirSync } from 'node:fs'
import path from 'node:path'

/** Every entry under `root` (itself included) with a permission for the group or others: "0644 path". */
export function entriesOpenToOthers(root: string): string[] {
  const open: string[] = []
  const pending = [root]
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const stats = lstatSync(entry)
    // A link's own mode means nothing (always 0777); what it points at is checked where it lives.
    if (stats.isSymbolicLink()) continue
    if (stats.mode & 0o077) open.push(`${(stats.mode & 0o7777).toString(8).padStart(4, '0')} ${entry}`)
    if (stats.isDirectory()) for (const name of readdirSync(entry)) pending.push(path.join(entry, name))
  }
  return open.sort()
}

/** How many files and folders there are under `root`: a walk that found nothing proves nothing. */
export function countEntries(root: string): number {
  return readdirSync(root, { recursive: true }).length
}

/** Folders 0755, files 0666 under `dir`: what a server without the umask and the clean-up left. */
export function openToOthers(dir: string) {
  chmodSync(dir, 0o755)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) openToOthers(full)
    else if (entry.isFile()) chmodSync(full, 0o666)
  }
}
