// Migration 0030_organization_name_skeletons on an existing database of either kind: names are
// compared by their confusable skeleton (UTS #39), and two names kept that look alike both stay,
// the later one numbered, so that the indexes can be made. Its table is Unicode's, as unhomoglyph
// maps it.
import { asc, eq, sql } from 'drizzle-orm'
import unhomoglyph from 'unhomoglyph'
import confusablesMap from 'unhomoglyph/data.json'
import { describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/helper'
import { MIGRATING_TWICE_MS, openMigratedFrom } from '../test/migrations-before'
import { queryRows } from './database'
import { organizations } from './schema'
import { isUniqueViolation } from './values'

const KEPT_NAMES = [
  'Mairie de Médina',
  // A day later, with Cyrillic М, а, М and е.
  '\u041c\u0430irie de \u041c\u0435dina',
  'ONG Set Setal',
  // With a Greek capital omicron.
  '\u039fNG Set Setal',
  // In small letters with a Cyrillic а: alike in small letters only ("m" and "M" differ).
  'm\u0430irie de médina',
  'Ville de Dakar',
]

describe('migration 0030_organization_name_skeletons', () => {
  it(
    'numbers the later of two names kept that look alike, leaves the others and the requests as they were',
    async () => {
      const after = await openMigratedFrom('0030_organization_name_skeletons', async (run) => {
        await run(
          `insert into organizations (name, type, email, phone, address, city, created_at)
           select name, 'mairie', 'org' || i || '@example.sn', '+221', 'Dakar', 'Dakar', now() + i * interval '1 day'
           from unnest($1::text[]) with ordinality as names(name, i)`,
          [KEPT_NAMES],
        )
        // A request kept as it was asked for: an administrator's approval of it is refused later.
        await run(`update organizations set pending_name = $1 where name = 'Ville de Dakar'`, [
          'M\u0430irie de Médina',
        ])
      })
      const rows = await after.db
        .select({ name: organizations.name, pending_name: organizations.pending_name })
        .from(organizations)
        .orderBy(asc(organizations.created_at))
      expect(rows.map((row) => row.name)).toEqual([
        'Mairie de Médina',
        '\u041c\u0430irie de \u041c\u0435dina (2)',
        'ONG Set Setal',
        '\u039fNG Set Setal (2)',
        'm\u0430irie de médina (2)',
        'Ville de Dakar',
      ])
      expect(rows.at(-1)?.pending_name).toBe('M\u0430irie de Médina')
      // The indexes hold from now on: alike as written (Cyrillic е), alike in small letters only.
      for (const [lookAlike, index] of [
        ['ONG S\u0435t Setal', 'organizations_name_skeleton_key'],
        ['mairie de m\u0435dina', 'organizations_name_folded_skeleton_key'],
      ] as const) {
        const refused = await after.db
          .update(organizations)
          .set({ name: lookAlike })
          .where(eq(organizations.name, 'Ville de Dakar'))
          .catch((error: unknown) => error)
        expect(isUniqueViolation(refused, index), lookAlike).toBe(true)
      }
    },
    MIGRATING_TWICE_MS,
  )

  it('keeps Unicode’s confusables as unhomoglyph maps them: each character’s skeleton is the package’s', async () => {
    const database = await openTestDatabase()
    try {
      const rows = await queryRows<{ source: string; skeleton: string }>(
        database.db.db,
        sql`select source, name_skeleton(source) as skeleton from confusables`,
      )
      // UTS #39's skeleton: decomposed, each character mapped, decomposed again.
      const skeletonOf = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD')
      expect(rows).toHaveLength(Object.keys(confusablesMap).length)
      expect(rows.filter((row) => row.skeleton !== skeletonOf(row.source))).toEqual([])
      const [names] = await queryRows<{ cyrillic: string; greek: string }>(
        database.db.db,
        sql`select name_skeleton(${KEPT_NAMES[1]}) as cyrillic, name_skeleton(${KEPT_NAMES[3]}) as greek`,
      )
      expect(names).toEqual({ cyrillic: 'Mairie de Medina', greek: 'ONG Set Setal' })
    } finally {
      await database.drop()
    }
  })
})
