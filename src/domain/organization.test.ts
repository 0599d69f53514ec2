import { describe, expect, it } from 'vitest'
import { passwordChangeFormSchema, passwordChecklist } from './auth'
import { NOTIFICATION_PREVIEW_CHARS } from './constants'
import {
  organizationStatusLabel,
  organizationTypeLabel,
  signupBasicsSchema,
  signupSchema,
} from './organization'
import { previewText } from './organization-space'

const firstMessages = (result: {
  success: boolean
  error?: { issues: { message: string; path: PropertyKey[] }[] }
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('signupBasicsSchema', () => {
  it('asks for a type when none is chosen, and refuses one outside the list', () => {
    const base = { name: 'Mairie', email: 'a@example.sn', phone: '33' }
    expect(firstMessages(signupBasicsSchema.safeParse({ ...base, type: '' }))).toEqual({
      type: 'Le type d’organisation est requis',
    })
    expect(firstMessages(signupBasicsSchema.safeParse({ ...base, type: 'multinationale' }))).toEqual({
      type: 'Type d’organisation non valide. Veuillez sélectionner un type dans la liste.',
    })
    expect(signupBasicsSchema.parse({ ...base, type: 'ong' }).type).toBe('ong')
  })

  it('keeps the API contract: a missing type is refused too', () => {
    const result = signupSchema.safeParse({
      name: 'Mairie',
      email: 'a@example.sn',
      phone: '33',
      address: 'Rue 6',
      city: 'Dakar',
      categoryIds: [1],
      password: 'medina1',
    })
    expect(firstMessages(result)).toEqual({ type: 'Le type d’organisation est requis' })
  })
})

describe('passwordChangeFormSchema', () => {
  const check = (currentPassword: string, newPassword: string, confirmation: string) =>
    firstMessages(passwordChangeFormSchema.safeParse({ currentPassword, newPassword, confirmation }))

  it('checks in the order of SPEC.md: all filled, then equal, then long enough', () => {
    expect(check('', 'abc', '')).toEqual({
      currentPassword: 'Veuillez remplir tous les champs',
      confirmation: 'Veuillez remplir tous les champs',
    })
    expect(check('ancien', 'abc', 'abd')).toEqual({ confirmation: 'Les mots de passe ne correspondent pas' })
    expect(check('ancien', 'abc', 'abc')).toEqual({
      newPassword: 'Le mot de passe doit faire au moins 6 caractères',
    })
    expect(check('ancien', 'nouveau1', 'nouveau1')).toEqual({})
  })
})

describe('passwordChecklist', () => {
  it('tells the three requirements apart', () => {
    expect(passwordChecklist('')).toEqual({ minLength: false, hasLetter: false, hasDigit: false })
    expect(passwordChecklist('123456')).toEqual({ minLength: true, hasLetter: false, hasDigit: true })
    expect(passwordChecklist('élan')).toEqual({ minLength: false, hasLetter: true, hasDigit: false })
  })
})

describe('previewText', () => {
  it('keeps a short text whole', () => {
    expect(previewText('  Caniveau bouché.  ', NOTIFICATION_PREVIEW_CHARS)).toBe('Caniveau bouché.')
  })

  it('cuts a long text at a word within the limit, with an ellipsis', () => {
    const text = 'Les eaux usées débordent sur la chaussée devant le marché. '.repeat(5)
    const preview = previewText(text, NOTIFICATION_PREVIEW_CHARS)
    expect(preview.endsWith('…')).toBe(true)
    expect(preview.length).toBeLessThanOrEqual(NOTIFICATION_PREVIEW_CHARS + 1)
    expect(preview.length).toBeGreaterThan(NOTIFICATION_PREVIEW_CHARS * 0.8)
    expect(text.startsWith(preview.slice(0, -1))).toBe(true)
  })

  it('cuts a text without spaces at the limit', () => {
    expect(previewText('x'.repeat(300), 100)).toBe(`${'x'.repeat(100)}…`)
  })
})

describe('organizationStatusLabel', () => {
  it('reads "Suspendu" for an inactive organisation whatever its status', () => {
    expect(organizationStatusLabel({ status: 'approved', is_active: false })).toBe('Suspendu')
    expect(organizationStatusLabel({ status: 'approved', is_active: true })).toBe('Approuvé')
    expect(organizationStatusLabel({ status: 'pending', is_active: true })).toBe('En attente')
  })

  it('shows a status outside the list as stored', () => {
    expect(organizationStatusLabel({ status: 'archived', is_active: true })).toBe('archived')
  })
})

describe('organizationTypeLabel', () => {
  it('gives the French name of a type, or the type as stored when unknown', () => {
    expect(organizationTypeLabel('conseil_departemental')).toBe('Conseil départemental')
    expect(organizationTypeLabel('multinationale')).toBe('multinationale')
  })
})
