/**
 * The naming rule of src/domain. A module that imports zod holds schemas (`auth.ts`, `admin.ts`…)
 * and re-exports its zod-free half, named after it with `-rules` (`auth-rules.ts`…): constants,
 * French labels and messages, pure functions. Modules without schemas (`constants.ts`,
 * `report-states.ts`, `location.ts`, `events.ts`, `page.ts`) are zod-free too. The server imports
 * either; a screen imports the zod-free ones, and a schema module only for its types or to
 * validate a form, since zod weighs about 25 KB gzipped on a phone.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const DOMAIN = import.meta.dirname
const modules = readdirSync(DOMAIN)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => file.slice(0, -'.ts'.length))

const source = (module: string) => readFileSync(path.join(DOMAIN, `${module}.ts`), 'utf8')
const importsZod = (module: string) => /from 'zod'/.test(source(module))

/** The domain modules a module loads at run time (type-only imports are erased). */
function runtimeImports(module: string): string[] {
  const found = source(module).matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from '\.\/([\w-]+)'/gms)
  return [...found].map((match) => match[1] as string)
}

function reachesZod(module: string, seen = new Set<string>()): boolean {
  if (seen.has(module)) return false
  seen.add(module)
  return importsZod(module) || runtimeImports(module).some((child) => reachesZod(child, seen))
}

const schemaModules = modules.filter(importsZod)
const rulesModules = modules.filter((module) => module.endsWith('-rules'))

describe('src/domain', () => {
  it('keeps every rules module and every module without schemas free of zod', () => {
    const zodFree = modules.filter((module) => !importsZod(module))
    expect(rulesModules.length).toBeGreaterThan(0)
    expect(zodFree.filter((module) => reachesZod(module))).toEqual([])
    expect(rulesModules.filter(importsZod)).toEqual([])
  })

  it('has each schema module re-export its rules module', () => {
    for (const rules of rulesModules) {
      const schemas = rules.slice(0, -'-rules'.length)
      expect(schemaModules).toContain(schemas)
      expect(source(schemas)).toContain(`export * from './${rules}'`)
    }
  })
})
