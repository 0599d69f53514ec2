/**
 * The map tiles kept for offline use, within a byte budget: the least recently used tiles go
 * first. The service worker keeps this index in memory and rebuilds it from the cache when it
 * starts again (then in the order the tiles were stored).
 */
export class TileBudget {
  // A Map iterates in insertion order: the first key is the least recently used.
  private readonly sizes = new Map<string, number>()
  private total = 0

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.total
  }

  has(url: string): boolean {
    return this.sizes.has(url)
  }

  /** A tile was shown: it becomes the most recently used. */
  touch(url: string) {
    const size = this.sizes.get(url)
    if (size === undefined) return
    this.sizes.delete(url)
    this.sizes.set(url, size)
  }

  /** A tile was stored; returns the tiles to delete so that the total fits the budget again. */
  add(url: string, bytes: number): string[] {
    this.remove(url)
    this.sizes.set(url, bytes)
    this.total += bytes
    const evicted: string[] = []
    for (const [oldest, size] of this.sizes) {
      if (this.total <= this.maxBytes) break
      this.sizes.delete(oldest)
      this.total -= size
      evicted.push(oldest)
    }
    return evicted
  }

  remove(url: string) {
    const size = this.sizes.get(url)
    if (size === undefined) return
    this.sizes.delete(url)
    this.total -= size
  }
}
