import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categoryOrganizations, organizationMembers, organizations } from '../db/schema'
import { hashPassword } from '../passwords'
import { buildTestApp, type TestContext } from '../test/helper'

let ctx: TestContext
let categoryIds: number[]
beforeAll(async () => {
  ctx = await buildTestApp()
  categoryIds = ((await ctx.app.inject('/api/categories')).json() as { id: number }[]).map((c) => c.id)
})
afterAll(() => ctx.close())

let address = 0
/** Each sign-up from its own address unless told otherwise, so the per-address limit stays out of the way. */
const signup = (payload: Record<string, unknown>, from = `198.18.0.${++address}`) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/organizations/signup',
    payload,
    headers: { 'x-forwarded-for': from },
  })

/** A sign-up of its own: names are unique, like e-mails. */
let signups = 0
const valid = (email: string) => ({
  name: `Mairie de la Médina ${++signups}`,
  type: 'mairie',
  email,
  phone: '+221 33 821 00 00',
  address: 'Rue 6, Médina',
  city: 'Dakar',
  categoryIds: categoryIds.slice(0, 2),
  password: 'medina2026',
})

describe('POST /api/organizations/signup', () => {
  it('creates a pending organisation with its categories and its first responsable, password hashed', async () => {
    const res = await signup({ ...valid('contact@mairie-medina.sn'), responsableName: 'Awa Ndiaye' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ id: expect.any(String), status: 'pending' })
    const members = await ctx.db.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.organization_id, res.json().id))
    expect(members).toEqual([
      expect.objectContaining({
        name: 'Awa Ndiaye',
        email: 'contact@mairie-medina.sn',
        role: 'responsable',
        status: 'active',
        password_hash: expect.stringMatching(/^\$argon2id\$/),
      }),
    ])
    const links = await ctx.db.db
      .select()
      .from(categoryOrganizations)
      .where(eq(categoryOrganizations.organization_id, res.json().id))
    expect(links.map((l) => l.categorie_id).sort()).toEqual(categoryIds.slice(0, 2).sort())
  })

  it('refuses an email already used, whatever its case', async () => {
    await signup(valid('doublon@example.sn'))
    const res = await signup(valid('DOUBLON@Example.SN'))
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('Cette adresse email est déjà utilisée.')
  })

  it('refuses the e-mail a member of another organisation signs in with, and names an unnamed responsable after the organisation', async () => {
    const input = valid('equipe@example.sn')
    const created = await signup(input)
    const [responsable] = await ctx.db.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.organization_id, created.json().id))
    expect(responsable?.name).toBe(input.name)
    // A member who chose their password (an invitation alone holds no address: team/routes.test.ts).
    await ctx.db.db.insert(organizationMembers).values({
      organization_id: created.json().id,
      name: 'Awa Ndiaye',
      email: 'awa.ndiaye@example.sn',
      role: 'agent',
      status: 'active',
      password_hash: await hashPassword('awa-ndiaye-2026'),
    })
    const res = await signup({ ...valid('Awa.Ndiaye@example.sn'), name: 'Mairie de Fann' })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatchObject({
      field: 'email',
      message: 'Cette adresse email est déjà utilisée.',
    })
    const rows = await ctx.db.db.select().from(organizations).where(eq(organizations.name, 'Mairie de Fann'))
    expect(rows).toEqual([])
  })

  it('keeps the name without bidi, zero-width or control characters, composed, spaces collapsed', async () => {
    const res = await signup({
      ...valid('yoff@example.sn'),
      name: '\u202eMairie\u200b  de\u00a0Ye\u0301ne\u2066\n',
    })
    expect(res.statusCode).toBe(201)
    const [row] = await ctx.db.db.select().from(organizations).where(eq(organizations.id, res.json().id))
    expect(row?.name).toBe('Mairie de Yéne')
  })

  it('refuses a name another organisation bears, whatever its case and accents, and creates nothing', async () => {
    expect((await signup({ ...valid('sicap@example.sn'), name: 'Mairie de Sicap-Liberté' })).statusCode).toBe(
      201,
    )
    const res = await signup({ ...valid('sicap-bis@example.sn'), name: 'MAIRIE DE SICAP-LIBERTE' })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatchObject({ field: 'name', message: 'Une organisation porte déjà ce nom.' })
    const rows = await ctx.db.db
      .select()
      .from(organizations)
      .where(eq(organizations.email, 'sicap-bis@example.sn'))
    expect(rows).toEqual([])
  })

  it('refuses a look-alike of another organisation’s name (Cyrillic letters for Latin ones), and creates nothing', async () => {
    expect((await signup({ ...valid('ville-medina@example.sn'), name: 'Ville de Médina' })).statusCode).toBe(
      201,
    )
    for (const [i, lookAlike] of [
      // Cyrillic capital Em and small ie: "Ville de Меdina".
      'Ville de \u041c\u0435dina',
      // In capitals, Cyrillic capital Ie; in small letters, Cyrillic small ie.
      'VILLE DE M\u0415DINA',
      'ville de m\u0435dina',
    ].entries()) {
      const res = await signup({ ...valid(`ville-medina-${i}@example.sn`), name: lookAlike })
      expect(res.statusCode, lookAlike).toBe(409)
      expect(res.json().error).toMatchObject({
        field: 'name',
        message: 'Une organisation porte déjà ce nom.',
      })
    }
    const rows = await ctx.db.db
      .select()
      .from(organizations)
      .where(like(organizations.email, 'ville-medina-%'))
    expect(rows).toEqual([])
  })

  it('refuses an unknown organisation type', async () => {
    const res = await signup({ ...valid('type@example.sn'), type: 'multinationale' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe(
      'Type d’organisation non valide. Veuillez sélectionner un type dans la liste.',
    )
  })

  it('asks for a type when none is chosen', async () => {
    const res = await signup({ ...valid('sans-type@example.sn'), type: '' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ field: 'type', message: 'Le type d’organisation est requis' })
  })

  it('refuses no category, an unknown category, or a short password, and creates nothing', async () => {
    const before = (await ctx.db.db.select().from(organizations)).length
    const none = await signup({ ...valid('a@example.sn'), categoryIds: [] })
    expect(none.json().error.message).toBe('Veuillez sélectionner au moins une catégorie pour continuer')
    const unknown = await signup({ ...valid('b@example.sn'), categoryIds: [999999] })
    expect(unknown.statusCode).toBe(400)
    // Past PostgreSQL's integer range: an unknown category too, not a 500 (found by fuzzing).
    const outOfRange = await signup({ ...valid('b@example.sn'), categoryIds: [2_147_483_648] })
    expect(outOfRange.statusCode).toBe(400)
    expect(outOfRange.json().error.field).toBe('categoryIds')
    const short = await signup({ ...valid('c@example.sn'), password: 'abc' })
    expect(short.json().error.message).toBe('Le mot de passe doit faire au moins 6 caractères')
    expect(await ctx.db.db.select().from(organizations)).toHaveLength(before)
  })

  it('accepts 5 sign-ups an hour from one address, then answers 429 in French and creates nothing', async () => {
    const from = '203.0.113.77'
    for (let i = 0; i < 5; i++) {
      expect((await signup(valid(`limite-${i}@example.sn`), from)).statusCode).toBe(201)
    }
    const refused = await signup(valid('limite-5@example.sn'), from)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toBe(
      'Trop d’inscriptions depuis cette adresse. Réessayez dans une heure.',
    )
    const created = await ctx.db.db
      .select()
      .from(organizations)
      .where(eq(organizations.email, 'limite-5@example.sn'))
    expect(created).toEqual([])
    // Another address is not held back.
    expect((await signup(valid('limite-6@example.sn'))).statusCode).toBe(201)
  })
})
