import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { apiError, stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'
import { signOut } from '../../../test/sessions'

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eHh5enp5eHh5enp5eHh5enp5'
const PATH = `/api/org/invitations/${TOKEN}`

beforeEach(() => signOut())

describe('Invitation (/organization/invitation/:token)', () => {
  it('greets the person, takes a password typed twice, then sends them to the login', async () => {
    const api = stubApi({
      [PATH]: {
        status: 200,
        body: {
          organization_name: 'Mairie de la Médina',
          name: 'Fatou Sow',
          email: 'fatou.sow@mairie-medina.sn',
        },
      },
      [`POST ${PATH}`]: { status: 200, body: { ok: true } },
    })
    const user = userEvent.setup()
    renderRoute(`/organization/invitation/${TOKEN}`)
    expect(await screen.findByRole('heading', { name: 'Rejoindre Mairie de la Médina' })).toBeInTheDocument()
    expect(screen.getByText(/Bonjour Fatou Sow.*fatou\.sow@mairie-medina\.sn/)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Mot de passe'), 'sow2026')
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'sow2027')
    await user.click(screen.getByRole('button', { name: 'Activer mon compte' }))
    expect(await screen.findAllByText('Les mots de passe ne correspondent pas')).not.toHaveLength(0)
    expect(api.callsTo('POST', PATH)).toHaveLength(0)

    await user.clear(screen.getByLabelText('Confirmer le mot de passe'))
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'sow2026')
    await user.click(screen.getByRole('button', { name: 'Activer mon compte' }))
    expect(await screen.findByRole('heading', { name: 'Compte activé' })).toBeInTheDocument()
    expect(api.callsTo('POST', PATH)[0]?.body).toEqual({ password: 'sow2026' })
    expect(screen.getByRole('link', { name: 'Aller à la connexion' })).toHaveAttribute(
      'href',
      '/organization/login',
    )
  })

  it('says in the server’s words when the link was used or has expired', async () => {
    stubApi({
      [PATH]: apiError(
        410,
        'gone',
        'Ce lien d’invitation a déjà servi ou a expiré. Demandez un nouveau lien à votre responsable.',
      ),
    })
    renderRoute(`/organization/invitation/${TOKEN}`)
    expect(
      await screen.findByText(
        'Ce lien d’invitation a déjà servi ou a expiré. Demandez un nouveau lien à votre responsable.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Mot de passe')).not.toBeInTheDocument()
  })
})
