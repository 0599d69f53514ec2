import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Where photos and voice notes live. Local disk now; the same interface fits object storage. */
export interface FileStorage {
  /** The local folder served under /files. */
  root: string
  /** The address a stored file is served at. */
  urlOf(key: string): string
  /** Stores bytes under a new random key ending with `extension`, and returns the key. */
  put(bytes: Uint8Array, extension: string): Promise<string>
  read(key: string): Promise<Buffer | null>
  size(key: string): Promise<number | null>
  remove(key: string): Promise<void>
}

// Keys are ours (random hex + a known extension): anything else is refused before touching disk.
const KEY_PATTERN = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/
/** The path of a stored file under /files: its shard folder, then its key. */
export const FILE_PATH_PATTERN = /^\/([a-f0-9]{2})\/([a-f0-9]{32}\.[a-z0-9]{2,5})$/

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key)
}

/** The key of a file from the address it is served at (`urlOf`'s inverse). */
export function storageKeyOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1)
}

export function createDiskStorage(dir: string): FileStorage {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error('invalid storage key')
    return path.join(dir, key.slice(0, 2), key)
  }
  return {
    root: dir,
    urlOf: (key) => `/files/${key.slice(0, 2)}/${key}`,
    async put(bytes, extension) {
      const key = `${randomBytes(16).toString('hex')}.${extension}`
      const file = pathOf(key)
      // Readable by the server's user alone, whatever the umask (DATA_DIR/uploads, DESIGN.md 13).
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
      await writeFile(file, bytes, { flag: 'wx', mode: 0o600 })
      return key
    },
    async read(key) {
      if (!isStorageKey(key)) return null
      return readFile(pathOf(key)).catch(() => null)
    },
    async size(key) {
      if (!isStorageKey(key)) return null
      return stat(pathOf(key)).then(
        (s) => s.size,
        () => null,
      )
    },
    async remove(key) {
      if (!isStorageKey(key)) return
      await rm(pathOf(key), { force: true })
    },
  }
}
