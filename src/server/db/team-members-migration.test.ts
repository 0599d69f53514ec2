// Migration 0013_team_members on an existing database of either kind: every organisation's login
// becomes its first responsable, under the organisation's own id, so that whoever signed in with
// the organisation's e-mail and password still does, and the sessions open before go on.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createAccessTokens } from '../auth/access-tokens'
import { createAuthService } from '../auth/auth-service'
import { systemClock } from '../clock'
import { hashPassword } from '../passwords'
import { MIGRATING_TWICE_MS, openMigratedFrom } from '../test/migrations-before'
import { queryRows } from './database'
import { organizationMembers } from './schema'

const ORGANIZATION_ID = '6f1c3d2a-4b5e-4f60-8a7b-9c0d1e2f3a4b'
const PASSWORD = 'ancien-mot-de-passe'

describe('migration 0013_team_members', () => {
  it(
    'makes each organisation’s login its first responsable: same e-mail, same password, sessions kept',
    async () => {
      const passwordHash = await hashPassword(PASSWORD)
      let refreshToken = ''
      const database = await openMigratedFrom('0013_team_members', async (run) => {
        await run(
          `insert into organizations (id, name, type, email, phone, address, city, status, password_hash, last_login)
             values ($1, 'Mairie de Médina', 'mairie', 'Contact@Mairie-Medina.sn', '+221', 'Médina', 'Dakar',
                     'approved', $2, '2026-11-20T08:00:00Z')`,
          [ORGANIZATION_ID, passwordHash],
        )
        // A session opened before the migration: its refresh token names the organisation.
        refreshToken = 'session-ouverte-avant'
        await run(
          `insert into refresh_tokens (token_hash, family_id, user_type, user_id, expires_at)
             values (encode(sha256(convert_to($1, 'UTF8')), 'hex'), gen_random_uuid(), 'organization', $2,
                     now() + interval '1 day')`,
          [refreshToken, ORGANIZATION_ID],
        )
      })
      const members = await database.db.select().from(organizationMembers)
      expect(members).toEqual([
        expect.objectContaining({
          id: ORGANIZATION_ID,
          organization_id: ORGANIZATION_ID,
          name: 'Mairie de Médina',
          email: 'Contact@Mairie-Medina.sn',
          role: 'responsable',
          status: 'active',
          password_hash: passwordHash,
        }),
      ])
      const columns = await queryRows<{ column_name: string }>(
        database.db,
        sql`select column_name from information_schema.columns where table_name = 'organizations'`,
      )
      expect(columns.map((c) => c.column_name)).not.toContain('password_hash')

      const auth = createAuthService({
        db: database.db,
        clock: systemClock,
        tokens: createAccessTokens('une-clé-de-test-assez-longue-pour-signer'),
      })
      const { session } = await auth.login({
        userType: 'organization',
        email: 'contact@mairie-medina.sn',
        password: PASSWORD,
      })
      expect(session.user).toMatchObject({
        id: ORGANIZATION_ID,
        member: { id: ORGANIZATION_ID, role: 'responsable' },
      })
      const renewed = await auth.refresh(refreshToken)
      expect(renewed.session.user.member?.id).toBe(ORGANIZATION_ID)
    },
    MIGRATING_TWICE_MS,
  )
})
