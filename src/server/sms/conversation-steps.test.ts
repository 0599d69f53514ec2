import { describe, expect, it } from 'vitest'
import { answerMessage, pendingQuestion, type SmsConversation } from './conversation-steps'
import { inGsmLetters } from './sms-text'

const CATEGORIES = [
  { id: 11, name: 'Assainissement' },
  { id: 12, name: 'Autre' },
  { id: 13, name: 'Éclairage public' },
  { id: 14, name: 'Voirie' },
]
const MEDINA = 3

/** The conversation after each message, from none, in French. */
function converse(messages: string[]) {
  let conversation: SmsConversation | null = null
  const turns = messages.map((message) => {
    const turn = answerMessage(conversation, message, CATEGORIES, 'fr')
    conversation = turn.conversation
    // As the phone reads it: the French spaces before « : » and « ? » are plain ones in an SMS.
    return { ...turn, reply: inGsmLetters(turn.reply) }
  })
  return turns
}

describe('a report filed by SMS', () => {
  it('asks the category, the commune, then the description, and files it', () => {
    const [start, category, commune, description] = converse([
      'Bonjour',
      '4',
      'medina',
      'Nid de poule devant le marché Tilène, rue 12',
    ])
    expect(start?.reply).toBe(
      'Alertes urbaines : quel problème signalez-vous ? Répondez par son numéro : 1 Assainissement, 2 Autre, 3 Éclairage public, 4 Voirie',
    )
    expect(category?.reply).toBe(
      'Dans quelle commune ? (par exemple Médina, Grand Yoff, Parcelles Assainies)',
    )
    expect(commune?.reply).toBe('Décrivez le problème avec un repère (rue, école, marché, mosquée...).')
    expect(description?.file).toEqual({
      categoryId: 14,
      areaId: MEDINA,
      description: 'Nid de poule devant le marché Tilène, rue 12',
    })
    expect(description?.conversation).toBeNull()
  })

  it('takes a category by its name, and asks again for one it does not know', () => {
    const [, unknown, named] = converse(['Salut', 'poubelles', 'eclairage'])
    expect(unknown?.reply).toMatch(/^Catégorie inconnue\. Répondez par son numéro : 1 Assainissement/)
    expect(unknown?.conversation).toEqual({ step: 'category' })
    expect(named?.conversation).toEqual({ step: 'commune', categoryId: 13 })
  })

  it('offers the three nearest communes for a name it does not know, then takes one by its number', () => {
    const [, , unknown, chosen] = converse(['Salut', '1', 'dakar', '2'])
    expect(unknown?.reply).toMatch(
      /^Commune inconnue\. Voulez-vous dire 1 Dakar-Plateau, 2 Grand Dakar, 3 .+ \?/,
    )
    expect(chosen?.conversation).toEqual({ step: 'description', categoryId: 11, areaId: 6 })
  })

  it('does not take a number for a commune when none was offered', () => {
    const [, , number] = converse(['Salut', '1', '2'])
    expect(number?.conversation).toEqual({ step: 'commune', categoryId: 11 })
    expect(number?.reply).toMatch(/^Dans quelle commune/)
  })

  it('refuses a description shorter than 10 characters or longer than 500', () => {
    const [, , , short, long] = converse(['Salut', '1', 'yoff', 'trou', 'a'.repeat(501)])
    expect(short?.reply).toBe('Trop court : au moins 10 caractères, avec un repère.')
    expect(short?.file).toBeUndefined()
    expect(long?.reply).toBe('Trop long : 500 caractères au plus.')
    expect(long?.conversation).toEqual({ step: 'description', categoryId: 11, areaId: 15 })
  })

  it('speaks Wolof when asked to', () => {
    const turn = answerMessage(null, 'Salaam', CATEGORIES, 'wo')
    expect(inGsmLetters(turn.reply)).toMatch(/^Alertes urbaines : lan mooy jafe-jafe bi \?/)
    expect(
      inGsmLetters(pendingQuestion({ step: 'commune', categoryId: 11 }, CATEGORIES, 'wo') ?? ''),
    ).toMatch(/^Ci ban komin \?/)
    expect(pendingQuestion(null, CATEGORIES, 'wo')).toBeNull()
  })
})
