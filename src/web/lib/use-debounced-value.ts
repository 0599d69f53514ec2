import { startTransition, useEffect, useState } from 'react'

/** Search boxes ask the server once typing pauses, not at every key. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * `value` once it has stopped changing for `delayMs`. What follows from it (a new query, a list
 * rendered again) is rendered as a transition, in slices a key press can come between.
 */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setDebounced(value)), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}
