// French typography in every French text a user reads: a narrow no-break space (U+202F) before
// ; : ! ? and inside « », and one apostrophe, ’. Walks the French catalogues (shared, deferred,
// each feature's), the exported texts of src/domain, zod's messages as the app configures them,
// and the French string literals of src/server (messages, notices, the API's descriptions).
// SPEC.md writes plain spaces: the catalogues diverge from it on purpose (docs/i18n.md).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** Texts of SPEC.md that are English on the French site, as written there. */
const ENGLISH_TEXTS = new Set(['Unexpected Application Error!', 'Close toast'])

/** What is wrong with a French text's typography: one line per fault, none when it is right. */
function typographyFaults(text: string): string[] {
  if (ENGLISH_TEXTS.has(text)) return []
  const faults: string[] = []
  // A sign after a word (or », or a closing bracket), with a plain space, a no-break space or
  // none, then a space or the end: not "10:30", "https://", "?code=", nor the entity "&copy;".
  for (const match of text.matchAll(/(?<!&[a-z]*)([\p{L}\p{N}»)])( |\u00a0)?([;:!?])(?=\s|$)/gu)) {
    const before = text.slice(0, match.index + 1)
    if (/https?:\/\/\S*$/.test(before)) continue
    faults.push(`${match[2] ? 'plain space' : 'no space'} before « ${match[3]} »: …${match[0]}…`)
  }
  for (const match of text.matchAll(/\p{L}'\p{L}/gu)) faults.push(`straight apostrophe: …${match[0]}…`)
  if (/«(?!\u202f)/.test(text)) faults.push('« without a narrow no-break space after it')
  if (/(?<!\u202f)»/.test(text)) faults.push('» without a narrow no-break space before it')
  return faults
}

/** Every text with its faults, "where: text → faults". */
function faultsOf(texts: Iterable<[string, string]>): string[] {
  return [...texts].flatMap(([where, text]) => {
    const faults = typographyFaults(text)
    return faults.length > 0 ? [`${where}: ${JSON.stringify(text)} → ${faults.join('; ')}`] : []
  })
}

/**
 * A text of src/domain or src/server is French when it has a French word or sign; the others
 * (statuses' machine labels, SQL, English logs) are not the users'.
 */
const FRENCH =
  /[éèêàùçôîœ«»]|[ \u00a0\u202f][;:!?](\s|$)|\b(le|la|les|des|du|une?|est|pas|vous|votre|ce|cette|aucune?|pour|avec|sur|dans|ne|invalide|requis)\b|\b[ldnjcsq]['’]\p{L}/iu

/** A module (its namespace has no prototype) or a plain object: not a schema, a date, a regex. */
const isPlain = (value: object, depth: number) =>
  Object.getPrototypeOf(value) === (depth === 0 ? null : Object.prototype) ||
  Object.getPrototypeOf(value) === Object.prototype

/** The plain objects and arrays of a module's exports, walked for their strings. */
function stringsOf(
  value: unknown,
  where: string,
  out: [string, string][] = [],
  depth = 0,
): [string, string][] {
  if (typeof value === 'string') out.push([where, value])
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) stringsOf(item, `${where}[${index}]`, out, depth + 1)
  } else if (value && typeof value === 'object' && depth < 8 && isPlain(value, depth)) {
    for (const [key, item] of Object.entries(value)) stringsOf(item, `${where}.${key}`, out, depth + 1)
  }
  return out
}

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** The .ts files of a folder, its subfolders included, without the tests and test helpers. */
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.test\.ts$|(^|\/)test\//.test(file))
    .map((file) => path.join(folder, file))
}

/**
 * The string literals of a source file, a template's parts joined around "{{…}}": found by the
 * TypeScript parser, so that comments and code are not taken for texts. Module names and
 * property names are code.
 */
function literalsOf(file: string): [string, string][] {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  )
  const out: [string, string][] = []
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => `{{…}}${span.literal.text}`).join('')
      out.push([`${file}:${line(node)}`, text])
      for (const span of node.templateSpans) visit(span.expression)
      return
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent
      const isName =
        (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node
      if (!isName && !ts.isLiteralTypeNode(parent)) out.push([`${file}:${line(node)}`, node.text])
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

// Found by their paths, so that a new feature's catalogue is checked too (and the domain's
// modules with their schemas, zod's French messages configured by zod-locale.ts among them).
const CATALOGUES = import.meta.glob<Record<string, unknown>>(
  ['./fr.ts', './deferred/fr.ts', '../features/*/i18n/fr.ts'],
  {
    eager: true,
  },
)
const DOMAIN = import.meta.glob<Record<string, unknown>>(['../../domain/*.ts', '!../../domain/*.test.ts'], {
  eager: true,
})

describe('French typography', () => {
  it('finds the shared catalogues and each feature’s', () => {
    expect(Object.keys(CATALOGUES)).toEqual(
      expect.arrayContaining([
        './fr.ts',
        './deferred/fr.ts',
        '../features/citizen/i18n/fr.ts',
        '../features/admin/i18n/fr.ts',
      ]),
    )
  })

  it.each(Object.keys(CATALOGUES))('is right in the catalogue %s', (file) => {
    const texts = stringsOf(CATALOGUES[file], file)
    expect(texts.length).toBeGreaterThan(10)
    expect(faultsOf(texts)).toEqual([])
  })

  it('is right in the texts of src/domain (messages, labels, page texts)', () => {
    const texts = Object.entries(DOMAIN).flatMap(([file, exports]) =>
      stringsOf(exports, path.basename(file)).filter(([, text]) => FRENCH.test(text)),
    )
    expect(texts.length).toBeGreaterThan(50)
    expect(faultsOf(texts)).toEqual([])
  })

  it('is right in zod’s own messages, as the app configures them (zod-locale.ts)', () => {
    type Schema = { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } }
    const schema = (file: string, name: string) => DOMAIN[`../../domain/${file}`]?.[name] as Schema
    const messages = [
      schema('category.ts', 'categorySchema').safeParse({ id: 'un', nom: 1 }),
      schema('admin.ts', 'categoryInputSchema').safeParse({ nom: 'Voirie', couleur: 'rouge' }),
      schema('report.ts', 'reportStatusSchema').safeParse('perdu'),
    ].flatMap(
      (result, index) =>
        result.error?.issues.map((issue): [string, string] => [`zod #${index}`, issue.message]) ?? [],
    )
    expect(messages.length).toBeGreaterThanOrEqual(4)
    expect(faultsOf(messages)).toEqual([])
  })

  it('is right in the French texts of src/server (and of src/domain, written in its source)', () => {
    const texts = [...sourceFiles('src/server'), ...sourceFiles('src/domain')]
      // Demo reports are what residents would type, not the site's texts.
      .filter((file) => !file.endsWith('demo-data.ts'))
      .flatMap(literalsOf)
      .filter(([, text]) => FRENCH.test(text))
    expect(texts.length).toBeGreaterThan(50)
    expect(faultsOf(texts)).toEqual([])
  })

  it('finds each kind of fault (the checks can fail)', () => {
    expect(typographyFaults('Code : 123')).toHaveLength(1)
    expect(typographyFaults('Code: 123')).toHaveLength(1)
    expect(typographyFaults('Merci\u00a0!')).toHaveLength(1)
    expect(typographyFaults("Nom d'utilisateur")).toHaveLength(1)
    expect(typographyFaults('« Résolu »')).toHaveLength(2)
    expect(
      typographyFaults(
        'Code\u202f: 123, à 10:30, https://exemple.sn/a?b=1 &copy; «\u202fRésolu\u202f» d’abord',
      ),
    ).toEqual([])
  })
})
