import { describe, expect, it } from 'vitest'
import { SMS_REPLIES } from '../../domain/sms-replies'
import {
  COMMUNE_NAMES,
  chosenAmong,
  cutToReply,
  fitsInReply,
  inGsmLetters,
  nearestCommuneNames,
  smsSegments,
} from './sms-text'

const communeNamed = (answer: string) => {
  const index = chosenAmong(answer, COMMUNE_NAMES)
  return index === null ? null : COMMUNE_NAMES[index]
}

describe('a commune named by SMS', () => {
  it.each([
    ['medina', 'Médina'],
    ['MEDINA', 'Médina'],
    ['grand yof', 'Grand Yoff'],
    ['grand-yoff', 'Grand Yoff'],
    ['yoff', 'Yoff'],
    ['parcelles', 'Parcelles Assainies'],
    ['parcelle assainie', 'Parcelles Assainies'],
    ['fass', 'Gueule Tapée-Fass-Colobane'],
    ['sacre coeur', 'Mermoz-Sacré-Cœur'],
    ['patte d oie', 'Patte d’Oie'],
    ['Cambérène', 'Cambérène'],
    ['camberene', 'Cambérène'],
    ['ouakkam', 'Ouakam'],
    ['hlm', 'HLM'],
  ])('"%s" is %s', (answer, commune) => {
    expect(communeNamed(answer)).toBe(commune)
  })

  it.each(['thies', 'grand', 'xyz', ''])('"%s" is none', (answer) => {
    expect(communeNamed(answer)).toBeNull()
  })

  it('offers the three nearest names for one it does not know', () => {
    expect(nearestCommuneNames('ouakan')[0]).toBe('Ouakam')
    expect(nearestCommuneNames('gran dakar')).toHaveLength(3)
    expect(nearestCommuneNames('gran dakar')[0]).toBe('Grand Dakar')
  })
})

describe('a category chosen by SMS', () => {
  const names = ['Assainissement', 'Autre', 'Éclairage public', 'Voirie']

  it('by its number in the list, or its name, accents and typos aside', () => {
    expect(chosenAmong('3', names)).toBe(2)
    expect(chosenAmong(' 1 ', names)).toBe(0)
    expect(chosenAmong('eclairage', names)).toBe(2)
    expect(chosenAmong('VOIRIE', names)).toBe(3)
    expect(chosenAmong('asainissement', names)).toBe(0)
  })

  it('not by a number outside the list', () => {
    expect(chosenAmong('0', names)).toBeNull()
    expect(chosenAmong('5', names)).toBeNull()
  })
})

describe('a reply', () => {
  it('is written in GSM-7 letters where French allows, so that it takes fewer SMS', () => {
    expect(inGsmLetters('Fenêtre d’école, garçon «ici»…')).toBe('Fenetre d\'école, garcon "ici"...')
    expect(smsSegments(inGsmLetters(`${'é'.repeat(150)}ê`))).toBe(1)
    expect(smsSegments(`${'é'.repeat(150)}ê`)).toBe(3)
  })

  it('is cut at a word with "..." to fit two SMS with the address after it', () => {
    const address = 'https://alertes.sn/signalements/1234'
    const text = 'Une équipe passe jeudi matin pour changer la lampe. '.repeat(12)
    const reply = cutToReply(text, address)
    expect(fitsInReply(reply)).toBe(true)
    const [body, tail] = reply.split('\n')
    expect(tail).toBe(address)
    expect(body).toMatch(/[a-z.]\.\.\.$/)
    expect(text.startsWith(body?.slice(0, -3) ?? 'missing')).toBe(true)
    expect(body?.length).toBeGreaterThan(200)
    expect(cutToReply('Court.', address)).toBe(`Court.\n${address}`)
  })

  it.each(['fr', 'wo', 'en'] as const)('of help and of a filed report fits two SMS in %s', (language) => {
    const replies = SMS_REPLIES[language]
    expect(fitsInReply(inGsmLetters(replies.help('+221 77 000 00 00')))).toBe(true)
    const page = 'https://alertes-urbaines.sn/signalements/0b6f2c1e-7d4a-4e8b-9a51-3c2d1e0f9a8b'
    expect(cutToReply(replies.filed('7KQ2M9XD'), page)).toBe(
      `${inGsmLetters(replies.filed('7KQ2M9XD'))}\n${page}`,
    )
  })
})
