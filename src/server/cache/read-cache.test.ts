import { describe, expect, it } from 'vitest'
import { createReadCache } from './read-cache'

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe('createReadCache', () => {
  it('reads once, then answers from memory until a change', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10 })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('k', load)).toBe(1)
    expect(await cache.get('k', load)).toBe(1)
    cache.invalidate()
    expect(await cache.get('k', load)).toBe(2)
  })

  it('shares one read between concurrent misses', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10 })
    const pending = deferred<string>()
    let loads = 0
    const load = () => {
      loads += 1
      return pending.promise
    }
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])
    pending.resolve('v')
    expect(await answers).toEqual(['v', 'v', 'v'])
    expect(loads).toBe(1)
  })

  it('does not keep a read that a change overlapped: it may hold the old data', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10 })
    const slow = deferred<string>()
    const first = cache.get('k', () => slow.promise)
    cache.invalidate()
    // Asked after the change: must not wait for, nor get, the read started before it.
    expect(await cache.get('k', async () => 'new')).toBe('new')
    slow.resolve('old')
    expect(await first).toBe('old')
    expect(await cache.get('k', async () => 'newer')).toBe('new')
  })

  it('forgets a value after its time, and the oldest key beyond its size', async () => {
    let now = 0
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 2, now: () => now })
    await cache.get('a', async () => 'a1')
    now = 1001
    expect(await cache.get('a', async () => 'a2')).toBe('a2')
    await cache.get('b', async () => 'b1')
    await cache.get('c', async () => 'c1')
    expect(await cache.get('a', async () => 'a3')).toBe('a3')
    expect(await cache.get('c', async () => 'c2')).toBe('c1')
  })

  it('does not keep a failed read', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10 })
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('k', async () => 'back')).toBe('back')
  })
})
