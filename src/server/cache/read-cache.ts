/**
 * A micro-cache of reads that every visitor shares (the home page's figures, map views, the
 * totals of a search), emptied as soon as a report changes: by this instance when it publishes
 * the change, by the others when the event reaches them through PostgreSQL LISTEN/NOTIFY.
 * The time limit only bounds what a lost notification could leave stale.
 * See docs/decisions/0002-read-models-and-micro-cache.md.
 */
export interface ReadCache {
  /**
   * The value kept under `key`, or the one `load` reads. Concurrent misses share one load, and
   * a load that overlaps a change is returned but not kept: it may have read the old data.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>
  /** Forgets everything kept: a report changed. */
  invalidate(): void
}

export interface ReadCacheOptions {
  ttlMs: number
  /** Beyond this many keys (map views differ from visitor to visitor), the oldest go first. */
  maxEntries: number
  now?: () => number
}

interface Entry {
  value: unknown
  expiresAt: number
}

export function createReadCache({ ttlMs, maxEntries, now = Date.now }: ReadCacheOptions): ReadCache {
  const entries = new Map<string, Entry>()
  const loading = new Map<string, { generation: number; promise: Promise<unknown> }>()
  // Bumped by every change: a load started under an older generation is not kept.
  let generation = 0

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key)
      if (entry && entry.expiresAt > now()) return Promise.resolve(entry.value as T)
      const pending = loading.get(key)
      if (pending && pending.generation === generation) return pending.promise as Promise<T>
      const startedAt = generation
      const promise = load().then(
        (value) => {
          if (loading.get(key)?.promise === promise) loading.delete(key)
          if (startedAt === generation) {
            entries.delete(key)
            entries.set(key, { value, expiresAt: now() + ttlMs })
            if (entries.size > maxEntries) {
              const oldest = entries.keys().next().value
              if (oldest !== undefined) entries.delete(oldest)
            }
          }
          return value
        },
        (error: unknown) => {
          if (loading.get(key)?.promise === promise) loading.delete(key)
          throw error
        },
      )
      loading.set(key, { generation: startedAt, promise })
      return promise
    },
    invalidate() {
      generation += 1
      entries.clear()
    },
  }
}
