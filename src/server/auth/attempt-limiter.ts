/**
 * Counts failed attempts per key over a window, in memory (per instance, DESIGN.md section 4).
 * Used for login: per account and per address.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  isBlocked(key: string, now: number): boolean {
    return this.recent(key, now).length >= this.max
  }

  recordFailure(key: string, now: number): void {
    const recent = this.recent(key, now)
    recent.push(now)
    this.failures.set(key, recent)
    if (this.failures.size > 100_000) this.prune(now)
  }

  reset(key: string): void {
    this.failures.delete(key)
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((time) => now - time < this.windowMs)
  }

  private prune(now: number) {
    for (const [key, times] of this.failures) {
      if (times.every((time) => now - time >= this.windowMs)) this.failures.delete(key)
    }
  }
}
