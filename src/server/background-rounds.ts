/**
 * Work done in rounds in the background (the outboxes of push notifications and e-mails): every
 * `pollMs`, and at once when woken (a change on any instance may have queued something). One round
 * at a time: a wake-up during a round makes another right after it. A failed round is reported
 * and the next one tries again.
 */
export function createBackgroundRounds(options: {
  pollMs: number
  round: () => Promise<void>
  onError: (error: unknown) => void
}) {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let again = false
  let stopped = true

  function wake() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        try {
          await options.round()
        } catch (error) {
          options.onError(error)
        }
      } while (again && !stopped)
    })().finally(() => {
      running = null
    })
  }

  return {
    wake,
    start() {
      stopped = false
      timer = setInterval(wake, options.pollMs)
      timer.unref()
      wake()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await running
    },
  }
}
