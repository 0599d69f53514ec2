import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminCategory } from '../../../../domain/admin'
import { apiError, stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'
import { signInAsAdmin } from '../../../test/sessions'

const NAMES = ['Assainissement', 'Autre', 'Éclairage public', 'Espaces verts', 'Marchés', 'Propreté']
/** A category as GET /api/admin/categories gives it, with the default targets. */
const category = (id: number, nom: string, more: Partial<AdminCategory> = {}): AdminCategory => ({
  id,
  nom,
  translations: { en: '', wo: '' },
  claim_target_hours: 48,
  resolve_target_hours: 336,
  ...more,
})
const many: AdminCategory[] = [
  ...NAMES.map((nom, index) => category(index + 1, nom)),
  ...Array.from({ length: 6 }, (_, index) => category(100 + index, `Voirie ${index + 1}`)),
]
/** What the dialog sends of a category's targets when they are left as they are. */
const DEFAULT_TARGETS = { claim_target_hours: 48, resolve_target_hours: 336 }

beforeEach(() => signInAsAdmin())

// The screen's code is loaded once for the file, by rendering it once: the router fetches the
// admin area's frame and the screen, the screen its toasts, modules Vite transforms on first use.
// The tests then time what the screen does; the first of them used to pay for this loading too.
// Loading code is what a busy machine slows most: this hook, and its wait, have the time they need.
beforeAll(async () => {
  signInAsAdmin()
  stubApi({ '/api/admin/categories': { status: 200, body: many } })
  const page = renderRoute('/admin/categories')
  await screen.findByRole('table', { name: 'Liste des catégories' }, { timeout: 60_000 })
  page.unmount()
}, 60_000)

/**
 * Writes a text into a field as one input, as a paste does. Typed key by key, a test that ran out
 * of time went on typing into the next test's dialog ("EspaPlagesces").
 */
async function write(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field)
  await user.paste(text)
}

// Each test renders the admin frame and the screen in jsdom, most open a dialog: up to 1 s of work on
// an idle machine once the toasts, the typing and the loading of the code are out of it (above),
// up to 4.7 s at a load average of 12 on two cores. 15 s leaves room; a test that waits forever
// still fails.
describe('Admin categories', { timeout: 15_000 }, () => {
  it('shows the total, the table with the usage note, ten a page, and searches', async () => {
    stubApi({ '/api/admin/categories': { status: 200, body: many } })
    renderRoute('/admin/categories')
    expect(
      await within(await screen.findByRole('region', { name: 'Total des catégories' })).findByText('12'),
    ).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Liste des catégories' })
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(10)
    expect(within(table).getAllByText('Visible dans le formulaire de signalement').length).toBeGreaterThan(0)
    expect(screen.getByText('Page 1 / 2')).toBeInTheDocument()
    const u = userEvent.setup()
    await u.click(screen.getByRole('button', { name: /Suivant/ }))
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2)

    await write(u, screen.getByLabelText('Rechercher'), 'eclairage')
    expect(within(screen.getByRole('table')).getAllByRole('row').slice(1)).toHaveLength(1)
    expect(screen.getByText('Éclairage public')).toBeInTheDocument()
    await u.clear(screen.getByLabelText('Rechercher'))
    await write(u, screen.getByLabelText('Rechercher'), 'zzz')
    expect(screen.getByText('Aucune catégorie trouvée')).toBeInTheDocument()
  })

  it('creates and renames a category with their toasts', async () => {
    const { calls } = stubApi({
      '/api/admin/categories': { status: 200, body: many.slice(0, 2) },
      'POST /api/admin/categories': { status: 201, body: { id: 9, nom: 'Espaces verts' } },
      'PATCH /api/admin/categories/2': { status: 200, body: { id: 2, nom: 'Divers' } },
    })
    renderRoute('/admin/categories')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Nouvelle catégorie' }))
    let dialog = await screen.findByRole('dialog', { name: 'Créer une catégorie' })
    await write(u, within(dialog).getByLabelText('Nom de la catégorie'), 'Espaces verts')
    await u.click(within(dialog).getByRole('button', { name: 'Créer' }))
    expect(await screen.findByText('Catégorie créée')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      nom: 'Espaces verts',
      translations: { en: '', wo: '' },
      ...DEFAULT_TARGETS,
    })

    await u.click(await screen.findByRole('button', { name: 'Modifier Autre' }))
    dialog = await screen.findByRole('dialog', { name: 'Modifier la catégorie' })
    const field = within(dialog).getByLabelText('Nom de la catégorie')
    expect(field).toHaveValue('Autre')
    await u.clear(field)
    await write(u, field, 'Divers')
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Catégorie modifiée')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      nom: 'Divers',
      translations: { en: '', wo: '' },
      ...DEFAULT_TARGETS,
    })
    // The list is reloaded after each change.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/admin/categories' && call.method === 'GET'),
      ).toHaveLength(3),
    )
  })

  it('shows each category’s English and Wolof names, and edits them', async () => {
    const translated: AdminCategory[] = [
      category(1, 'Voirie', { translations: { en: 'Roads', wo: 'Mbedd yi' } }),
      category(2, 'Marchés'),
    ]
    const { calls } = stubApi({
      '/api/admin/categories': { status: 200, body: translated },
      'POST /api/admin/categories': {
        status: 201,
        body: { id: 9, nom: 'Plages', translations: { en: 'Beaches', wo: '' } },
      },
      'PATCH /api/admin/categories/1': {
        status: 200,
        body: { id: 1, nom: 'Voirie', translations: { en: 'Streets', wo: 'Mbedd yi' } },
      },
    })
    renderRoute('/admin/categories')
    // Testing Library reads the narrow no-break space before ":" as a plain space.
    expect(await screen.findByText('EN : Roads · WO : Mbedd yi')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Liste des catégories' })
    expect(within(table).getByText('EN : non traduit · WO : non traduit')).toBeInTheDocument()

    const u = userEvent.setup()
    await u.click(screen.getByRole('button', { name: 'Nouvelle catégorie' }))
    let dialog = await screen.findByRole('dialog', { name: 'Créer une catégorie' })
    await write(u, within(dialog).getByLabelText('Nom de la catégorie'), 'Plages')
    await write(u, within(dialog).getByLabelText('Nom en anglais (facultatif)'), 'Beaches')
    await u.click(within(dialog).getByRole('button', { name: 'Créer' }))
    expect(await screen.findByText('Catégorie créée')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      nom: 'Plages',
      translations: { en: 'Beaches', wo: '' },
      ...DEFAULT_TARGETS,
    })

    await u.click(await screen.findByRole('button', { name: 'Modifier Voirie' }))
    dialog = await screen.findByRole('dialog', { name: 'Modifier la catégorie' })
    const english = within(dialog).getByLabelText('Nom en anglais (facultatif)')
    expect(english).toHaveValue('Roads')
    expect(within(dialog).getByLabelText('Nom en wolof (facultatif)')).toHaveValue('Mbedd yi')
    await u.clear(english)
    await u.paste('Streets')
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Catégorie modifiée')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      nom: 'Voirie',
      translations: { en: 'Streets', wo: 'Mbedd yi' },
      ...DEFAULT_TARGETS,
    })
  })

  it('shows each category’s targets, and edits them in hours (issue 30)', async () => {
    const { calls } = stubApi({
      '/api/admin/categories': {
        status: 200,
        body: [
          category(1, 'Voirie'),
          category(2, 'Éclairage public', { claim_target_hours: 6, resolve_target_hours: 100 }),
        ],
      },
      'PATCH /api/admin/categories/1': {
        status: 200,
        body: category(1, 'Voirie', { claim_target_hours: 24, resolve_target_hours: 720 }),
      },
    })
    renderRoute('/admin/categories')
    const table = await screen.findByRole('table', { name: 'Liste des catégories' })
    expect(within(table).getByRole('columnheader', { name: 'Délais' })).toBeInTheDocument()
    // Testing Library reads the narrow no-break space before ":" as a plain space.
    const [roads, lamps] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement]
    expect(roads).toHaveTextContent('Prise en charge : 48 h')
    expect(roads).toHaveTextContent('Résolution : 14 j')
    expect(lamps).toHaveTextContent('Prise en charge : 6 h')
    // Not a whole number of days: in hours.
    expect(lamps).toHaveTextContent('Résolution : 100 h')

    const u = userEvent.setup()
    await u.click(screen.getByRole('button', { name: 'Modifier Voirie' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la catégorie' })
    const claim = within(dialog).getByLabelText('Délai de prise en charge (en heures)')
    const resolve = within(dialog).getByLabelText('Délai de résolution (en heures)')
    expect(claim).toHaveValue(48)
    expect(resolve).toHaveValue(336)
    // Out of range: said under the field, in French, and nothing is sent.
    await u.clear(claim)
    await write(u, claim, '0')
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(
      await within(dialog).findByText(
        'Le délai de prise en charge est un nombre entier d’heures, de 1 à 8 760 (un an).',
        { normalizer: (text) => text.replace(/\s/g, ' ') },
      ),
    ).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([])
    // Longer to claim than to resolve: said under the claim's field, nothing sent.
    await u.clear(claim)
    await write(u, claim, '400')
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(
      await within(dialog).findByText(
        'Le délai de prise en charge ne peut pas dépasser le délai de résolution.',
      ),
    ).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([])

    await u.clear(claim)
    await write(u, claim, '24')
    await u.clear(resolve)
    await write(u, resolve, '720')
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Catégorie modifiée')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      nom: 'Voirie',
      translations: { en: '', wo: '' },
      claim_target_hours: 24,
      resolve_target_hours: 720,
    })
  })

  it('shows the server’s refusal of a target under its field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      '/api/admin/categories': { status: 200, body: many.slice(0, 2) },
      'PATCH /api/admin/categories/2': apiError(
        400,
        'invalid_input',
        'Le délai de résolution est un nombre entier d’heures, de 1 à 8\u202f760 (un an).',
        'resolve_target_hours',
      ),
    })
    renderRoute('/admin/categories')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Modifier Autre' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la catégorie' })
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(
      await within(dialog).findByText(/^Le délai de résolution est un nombre entier/),
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Délai de résolution (en heures)')).toHaveFocus()
    expect(await screen.findByText('Impossible de modifier la catégorie')).toBeInTheDocument()
  })

  it('refuses a translation longer than a name, under its field, and sends nothing', async () => {
    const { calls } = stubApi({ '/api/admin/categories': { status: 200, body: many.slice(0, 2) } })
    renderRoute('/admin/categories')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Nouvelle catégorie' }))
    const dialog = await screen.findByRole('dialog', { name: 'Créer une catégorie' })
    await write(u, within(dialog).getByLabelText('Nom de la catégorie'), 'Plages')
    await write(u, within(dialog).getByLabelText('Nom en wolof (facultatif)'), 'x'.repeat(101))
    await u.click(within(dialog).getByRole('button', { name: 'Créer' }))
    expect(
      await within(dialog).findByText('Le nom en wolof ne peut pas dépasser 100 caractères'),
    ).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('says when a name is taken, under the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      '/api/admin/categories': { status: 200, body: many.slice(0, 2) },
      'POST /api/admin/categories': apiError(409, 'conflict', 'Une catégorie porte déjà ce nom.', 'nom'),
    })
    renderRoute('/admin/categories')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Nouvelle catégorie' }))
    const dialog = await screen.findByRole('dialog')
    await write(u, within(dialog).getByLabelText('Nom de la catégorie'), 'autre')
    await u.click(within(dialog).getByRole('button', { name: 'Créer' }))
    expect(await within(dialog).findByText('Une catégorie porte déjà ce nom.')).toBeInTheDocument()
    expect(await screen.findByText('Impossible de créer la catégorie')).toBeInTheDocument()
  })

  it('deletes without confirmation, and says when a category in use cannot be deleted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { calls } = stubApi({
      '/api/admin/categories': { status: 200, body: many.slice(0, 2) },
      'DELETE /api/admin/categories/1': apiError(
        409,
        'conflict',
        'Impossible de supprimer la catégorie\u202f: 12 signalements l’utilisent.',
      ),
      'DELETE /api/admin/categories/2': { status: 204 },
    })
    renderRoute('/admin/categories')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Supprimer Autre' }))
    expect(await screen.findByText('Catégorie supprimée')).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Supprimer Assainissement' }))
    expect(
      // Testing Library reads the narrow no-break space as a plain one.
      await screen.findByText('Impossible de supprimer la catégorie : 12 signalements l’utilisent.'),
    ).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/categories/2',
      '/api/admin/categories/1',
    ])
  })
})
