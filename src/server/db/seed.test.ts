import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../passwords'
import { openTestDatabase } from '../test/helper'
import type { Database } from './database'
import { categories, superadmins } from './schema'
import { seedDefaults } from './seed'

let db: Database
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ db, drop } = await openTestDatabase())
})
afterAll(() => drop())

describe('seedDefaults', () => {
  it('creates the default categories and a first admin with a generated argon2id password, once', async () => {
    const first = await seedDefaults(db.db, {})
    expect(first?.username).toBe('admin')
    expect(first?.generatedPassword).toMatch(/^[\w-]{16}$/)

    const [admin] = await db.db.select().from(superadmins)
    expect(admin?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(admin?.password_hash ?? '', first?.generatedPassword ?? '')).toBe(true)
    expect((await db.db.select().from(categories)).map((c) => c.nom).sort()).toEqual(
      ['Assainissement', 'Autre', 'Propreté', 'Voirie', 'Éclairage public'].sort(),
    )

    expect(await seedDefaults(db.db, {})).toBeNull()
    expect(await db.db.select().from(superadmins)).toHaveLength(1)
    expect(await db.db.select().from(categories)).toHaveLength(5)
  })
})
