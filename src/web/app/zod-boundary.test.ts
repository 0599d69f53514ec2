/**
 * Zod weighs about 25 KB gzipped: only a screen that validates a form may load it. A web module
 * may take values from a schema module of src/domain (one that imports zod) only if it validates
 * a form, which it does through `lib/zod-form`; everything else comes from the zod-free modules
 * (`*-rules.ts`, `constants.ts`, `report-states.ts`…). Type-only imports are erased and free.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const WEB = path.resolve(import.meta.dirname, '..')
const DOMAIN = path.resolve(WEB, '../domain')

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const schemaModules = new Set(
  readdirSync(DOMAIN)
    .filter(
      (file) => file.endsWith('.ts') && /from 'zod'/.test(readFileSync(path.join(DOMAIN, file), 'utf8')),
    )
    .map((file) => path.join(DOMAIN, file.slice(0, -'.ts'.length))),
)

/** The schema modules a file takes values from, with the names it takes. */
function valueImportsOfSchemas(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const imports = source.matchAll(/^import\s+(type\s+)?(\{[^}]*\}|[\w*\s,]+)\s+from\s+'([^']+)'/gm)
  const found: string[] = []
  for (const [, typeOnly, names = '', specifier = ''] of imports) {
    if (typeOnly || !specifier.startsWith('.')) continue
    if (!schemaModules.has(path.resolve(path.dirname(file), specifier))) continue
    const values = names
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
    if (values.length > 0) found.push(`${specifier}: ${values.join(', ')}`)
  }
  return found
}

describe('zod in the web app', () => {
  it('is loaded only by the modules that validate a form', () => {
    const offenders = sourceFiles(WEB)
      .filter(
        (file) => !/from '[./]*lib\/zod-form'|import '[./]*lib\/zod-form'/.test(readFileSync(file, 'utf8')),
      )
      .flatMap((file) => valueImportsOfSchemas(file).map((found) => `${path.relative(WEB, file)} → ${found}`))
    expect(offenders).toEqual([])
  })
})
