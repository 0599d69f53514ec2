// The accessibility check of every browser test: axe's serious and critical violations of a page
// that has settled.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * The screen's own serious or critical violations, as "rule: element, element". A toast or a
 * dialog on its way in is half transparent and would fail the colour contrast it has once shown:
 * toasts (seconds long) are left to go and transitions to end first. A spinner turns for ever and
 * does not count.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          !(animation instanceof CSSTransition) &&
          (animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
      ),
  )
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}
