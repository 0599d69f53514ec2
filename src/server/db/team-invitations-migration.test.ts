// Migration <n>_team_invitations (issue 47, point 6) on an existing database of either kind: the
// members' names kept before are written as the domain now writes them, so that a name with line
// breaks, bidi overrides or zero-width characters no longer reaches the team's screen or an e-mail.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { asc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { memberNameSchema } from '../../domain/team'
import { MIGRATING_TWICE_MS, openMigratedFrom } from '../test/migrations-before'
import { organizationMembers } from './schema'

/** Its tag, whatever number it is given among the others'. */
const TAG = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
).entries.find((entry) => entry.tag.endsWith('_team_invitations'))?.tag

const KEPT_NAMES = [
  'Awa Ndiaye',
  // A right-to-left override, a zero-width space, a line break and the text after it.
  '\u202eFatou\u200b Sow\r\nVotre compte expire : http://example.com/',
  // Decomposed accents, a tab and doubled spaces.
  'Ibrahima\tFa\u0300ll  Diop',
]

describe('migration _team_invitations', () => {
  it(
    'writes the members’ names kept as the domain does, and names one of invisible characters after its address',
    async () => {
      if (!TAG) throw new Error('no migration *_team_invitations in the journal')
      const after = await openMigratedFrom(TAG, async (run) => {
        await run(
          `insert into organizations (id, name, type, email, phone, address, city)
             values ('6f1c3d2a-4b5e-4f60-8a7b-9c0d1e2f3a4b', 'Mairie de Médina', 'mairie', 'contact@medina.sn',
                     '+221', 'Médina', 'Dakar')`,
        )
        await run(
          `insert into organization_members (organization_id, name, email, role, status, created_at)
             select '6f1c3d2a-4b5e-4f60-8a7b-9c0d1e2f3a4b', name, 'membre' || i || '@medina.sn', 'agent', 'invited',
                    now() + i * interval '1 minute'
             from unnest($1::text[]) with ordinality as names(name, i)`,
          [[...KEPT_NAMES, '\u200b\u202e']],
        )
      })
      const rows = await after.db
        .select({ name: organizationMembers.name })
        .from(organizationMembers)
        .orderBy(asc(organizationMembers.created_at))
      const names = rows.map((row) => row.name)
      expect(names).toEqual([
        'Awa Ndiaye',
        'Fatou Sow Votre compte expire : http://example.com/',
        'Ibrahima Fàll Diop',
        'membre4',
      ])
      // The SQL of the migration and the domain's schema agree.
      expect(names.slice(0, 3)).toEqual(KEPT_NAMES.map((name) => memberNameSchema.parse(name)))
    },
    MIGRATING_TWICE_MS,
  )
})
