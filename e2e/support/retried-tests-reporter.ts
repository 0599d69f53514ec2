import path from 'node:path'
import type { Reporter, TestCase } from 'vitest/node'

/**
 * Names, at the end of the run, every test that passed only when run again: a retry keeps a red
 * CI from losing a change, and this list keeps the flaky test from going unseen.
 */
export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = []

  onTestCaseResult(testCase: TestCase) {
    if (testCase.diagnostic()?.flaky)
      this.retried.push(`${path.relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`)
  }

  onTestRunEnd() {
    if (this.retried.length === 0) return
    console.log(`\nPassed only when run again (${this.retried.length}):`)
    for (const name of this.retried) console.log(`  RETRIED ${name}`)
  }
}
