/**
 * `<name>-rules.ts` is the zod-free half of the schema module `<name>.ts` (constants, French labels
 * and messages, pure rules): a screen imports it without loading zod, and the schema module
 * re-exports it so that the server imports one module for a subject. Which modules may load zod
 * is an import rule (.dependency-cruiser.js); that one module re-exports another is not, since a
 * rule there matches where an import goes, not what it does: hence this test, on the modules
 * themselves.
 */
import { describe, expect, it } from 'vitest'

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true })
const rulesModules = Object.keys(modules).filter((file) => file.endsWith('-rules.ts'))

describe('the rules modules of src/domain', () => {
  it('are there', () => {
    expect(rulesModules.length).toBeGreaterThan(0)
  })

  it.each(rulesModules)('%s is re-exported whole by its schema module', (file) => {
    const schemaModule = modules[file.replace(/-rules\.ts$/, '.ts')]
    expect(schemaModule, `${file.replace(/-rules\.ts$/, '.ts')} is missing`).toBeDefined()
    expect(Object.keys(schemaModule ?? {})).toEqual(expect.arrayContaining(Object.keys(modules[file] ?? {})))
  })
})
