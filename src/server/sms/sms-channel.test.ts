// Issue 31: reporting by SMS, against SMS Gateway for Android on loopback (test/sms-gateway.ts):
// the gateway signs its webhooks and checks the platform's Basic authentication; what it would
// send the citizen's phone is what these tests read.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SMS_CONFIRMATION_ATTEMPTS,
  SMS_CONFIRMATION_CODES,
  SMS_MESSAGES_PER_HOUR,
  SMS_NUMBER_KEPT_DAYS,
  SMS_REPORTS_PER_DAY,
  SMS_WEBHOOK_MAX_BYTES,
} from '../../domain/sms'
import { reports, smsInbox, smsNumbers, smsOutbox } from '../db/schema'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'
import { type MovingClock, movingClock } from '../test/moving-clock'
import {
  type LoopbackSmsGateway,
  postWebhook,
  receivedSms,
  signedWebhook,
  smsEnv,
  startSmsGateway,
} from '../test/sms-gateway'
import { createNumberPrivacy } from './number-privacy'
import { SMS_ANSWER_ATTEMPTS } from './sms-channel'
import { smsSegments } from './sms-text'

let ctx: TestContext
let gateway: LoopbackSmsGateway
let clock: MovingClock
let phones = 0
let logs = ''

beforeAll(async () => {
  gateway = await startSmsGateway()
  clock = movingClock(new Date('2026-12-02T09:00:00Z'))
  const logStream = new PassThrough()
  logStream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8')
  })
  ctx = await buildTestApp({ clock, env: { ...smsEnv(gateway), LOG_LEVEL: 'debug' }, logStream })
})
afterAll(async () => {
  await ctx.close()
  await gateway.close()
})

/** The keyed hash the platform keeps of a number, with the key it generated in its DATA_DIR. */
const numberHash = (e164: string) =>
  createNumberPrivacy(readFileSync(path.join(ctx.config.dataDir, 'sms-privacy-key'), 'utf8').trim()).hash(
    e164,
  )

const channel = () => {
  if (!ctx.app.sms) throw new Error('no SMS channel with SMS_* set')
  return ctx.app.sms
}

/** A new citizen's phone: its number as the gateway gives it, and what it says and reads. */
function newPhone() {
  const local = `77 ${String(100 + ++phones).padStart(3, '0')} 45 67`
  const e164 = `+22177${String(100 + phones).padStart(3, '0')}4567`
  const inbox = () => gateway.sent.filter((sms) => sms.to === e164).map((sms) => sms.text)
  return {
    e164,
    inbox,
    /** Sends `message` as the gateway would deliver it, and lets the platform answer. */
    async says(message: string): Promise<string | undefined> {
      const before = inbox().length
      const hook = receivedSms(local.replaceAll(' ', ''), message, clock.now())
      const res = await postWebhook(ctx.app, hook)
      expect(res.statusCode).toBe(200)
      await channel().handleWaiting()
      await channel().sendDue()
      const replies = inbox().slice(before)
      expect(replies.length).toBeLessThanOrEqual(1)
      return replies[0]
    },
  }
}

describe('a report by SMS', () => {
  it('is filed in a short conversation in French, and its code comes back by SMS', async () => {
    const phone = newPhone()
    const categories = (await (await ctx.app.inject('/api/categories')).json()) as { nom: string }[]
    const list = categories.map((category, index) => `${index + 1} ${category.nom}`).join(', ')
    expect(await phone.says('Bonjour')).toBe(
      `Alertes urbaines : quel problème signalez-vous ? Répondez par son numéro : ${list}`,
    )
    const roads = categories.findIndex((category) => category.nom === 'Voirie') + 1
    expect(await phone.says(String(roads))).toBe(
      'Dans quelle commune ? (par exemple Médina, Grand Yoff, Parcelles Assainies)',
    )
    expect(await phone.says('medina')).toBe(
      'Décrivez le problème avec un repère (rue, école, marché, mosquée...).',
    )
    const answer = await phone.says('Gros nid de poule devant le marché Tilène, côté rue 12')

    const [filed] = await ctx.db.db
      .select()
      .from(reports)
      .where(eq(reports.description, 'Gros nid de poule devant le marché Tilène, côté rue 12'))
    expect(filed).toMatchObject({ type: 'Voirie', channel: 'sms', location_precision: 'commune', area_id: 3 })
    expect(answer).toBe(
      `Merci, signalement enregistré. Code : ${filed?.anonymous_code}. Pour le suivre, envoyez SUIVI ${filed?.anonymous_code} ou ouvrez :\nhttps://alertes.example.sn/signalements/${filed?.id}`,
    )
    // Its point is the commune's centre; it is filed under the number's keyed hash, not the number.
    expect(filed?.latitude).toBe(14.679)
    expect(filed?.reporter_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(filed)).not.toContain('771014567')
  })

  it('forgives typos in the commune, and offers the nearest names for one it does not know', async () => {
    const phone = newPhone()
    await phone.says('Salut')
    await phone.says('1')
    expect(await phone.says('dakar')).toMatch(
      /^Commune inconnue\. Voulez-vous dire 1 Dakar-Plateau, 2 Grand Dakar, 3 /,
    )
    expect(await phone.says('2')).toMatch(/^Décrivez le problème/)
  })

  it('speaks Wolof when asked, at any point, and asks its question again', async () => {
    const phone = newPhone()
    await phone.says('Salaam')
    await phone.says('1')
    expect(await phone.says('WOLOF')).toBe(
      'Bataaxal yi dinañu nekk ci wolof. Ci ban komin ? (misaal Médina, Grand Yoff, Parcelles Assainies)',
    )
    expect(await phone.says('grand yof')).toBe(
      'Waxal jafe-jafe bi ak benn màndarga (mbedd, lekool, marse, jumaa...).',
    )
  })

  it('is forgotten after 30 minutes without an answer, and dropped by ANNULER', async () => {
    const phone = newPhone()
    await phone.says('Bonjour')
    await phone.says('1')
    clock.advance(31 * 60_000)
    expect(await phone.says('medina')).toMatch(/^Alertes urbaines : quel problème/)
    expect(await phone.says('annuler')).toBe(
      'Signalement annulé. Envoyez un message pour en commencer un autre.',
    )
  })

  it('is filed in Wolof from its first message to its code', async () => {
    const phone = newPhone()
    expect(await phone.says('wolof')).toBe('Bataaxal yi dinañu nekk ci wolof.')
    expect(await phone.says('Salaam aleekum')).toMatch(
      /^Alertes urbaines : lan mooy jafe-jafe bi \? Tontuwal ak nimeroom : 1 /,
    )
    expect(await phone.says('1')).toBe('Ci ban komin ? (misaal Médina, Grand Yoff, Parcelles Assainies)')
    expect(await phone.says('Parcelles')).toMatch(/^Waxal jafe-jafe bi ak benn màndarga/)
    const description = 'Mbalit mi dafa bari ci wetu marse bu Unité 15'
    expect(await phone.says('Ndaw')).toBe('Gàtt na lool : 10 araf lu mu néew, ak benn màndarga.')
    const answer = await phone.says(description)
    const [filed] = await ctx.db.db.select().from(reports).where(eq(reports.description, description))
    expect(filed).toMatchObject({ channel: 'sms', location_precision: 'commune' })
    // In GSM-7's letters: ë and ó are not among them.
    expect(answer).toBe(
      `Jerejef, yégle bi dugg na. Kod : ${filed?.anonymous_code}. Ngir topp ko, yonneel SUIVI ${filed?.anonymous_code} walla ubbi :\nhttps://alertes.example.sn/signalements/${filed?.id}`,
    )
  })

  it('takes "Suivi des travaux…" at the description step as a description, not a code', async () => {
    const phone = newPhone()
    await phone.says('Bonjour')
    await phone.says('1')
    await phone.says('fann')
    const description = 'Suivi des travaux de la rue 10 : le trou est revenu'
    expect(await phone.says(description)).toMatch(/^Merci, signalement enregistré/)
    expect(await ctx.db.db.select().from(reports).where(eq(reports.description, description))).toHaveLength(1)
  })

  it('keeps the first 1,000 characters of a longer message', async () => {
    const hook = receivedSms('771999999', 'a'.repeat(1200), clock.now(), 'evt-a-long-message')
    expect((await postWebhook(ctx.app, hook)).statusCode).toBe(200)
    const [kept] = await ctx.db.db.select().from(smsInbox).where(eq(smsInbox.event_id, 'evt-a-long-message'))
    expect(kept?.message).toHaveLength(1000)
  })

  it('answers SUIVI with the status and the last step', async () => {
    const phone = newPhone()
    const [report] = await ctx.db.db.select().from(reports).where(eq(reports.channel, 'sms'))
    const reply = await phone.says(
      `suivi ${report?.anonymous_code.slice(0, 4)} ${report?.anonymous_code.slice(4)}`,
    )
    expect(reply).toMatch(
      new RegExp(
        `^${report?.anonymous_code} \\(Voirie\\) : en attente\\. Dernière étape : signalement envoyé, le \\d\\d/\\d\\d/2026\\.\\nhttps://alertes\\.example\\.sn/signalements/`,
      ),
    )
    expect(await phone.says('SUIVI ZZZZZZZZ')).toBe('Aucun signalement ne correspond au code ZZZZZZZZ.')
  })

  it('stops writing to a number at STOP, keeping only its hash, until REPRENDRE', async () => {
    const phone = newPhone()
    expect(await phone.says('Arrêt')).toBe(
      "Vous ne recevrez plus de SMS d'Alertes urbaines. Envoyez REPRENDRE pour les recevoir à nouveau.",
    )
    const [number] = await ctx.db.db
      .select()
      .from(smsNumbers)
      .where(eq(smsNumbers.stopped_at, clock.now().toISOString()))
    expect(number?.number_encrypted).toBeNull()
    // Nor do the messages it sent keep a copy once answered.
    const kept = await ctx.db.db
      .select()
      .from(smsInbox)
      .where(eq(smsInbox.number_hash, number?.number_hash ?? ''))
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.every((message) => message.number_encrypted === null)).toBe(true)
    expect(await phone.says('Bonjour')).toBeUndefined()
    expect(await phone.says('reprendre')).toBe("Vous recevez à nouveau les SMS d'Alertes urbaines.")
    expect(await phone.says('aide')).toMatch(
      /^Alertes urbaines : envoyez un message au 33 800 00 00 pour signaler/,
    )
  })
})

/** Files a report from `phone` in Ouakam's street lights, and gives its row. */
async function fileStreetLight(phone: ReturnType<typeof newPhone>, description: string) {
  await phone.says('Bonjour')
  const categories = (await (await ctx.app.inject('/api/categories')).json()) as { nom: string }[]
  await phone.says(String(categories.findIndex((category) => category.nom === 'Éclairage public') + 1))
  await phone.says('ouakam')
  await phone.says(description)
  const [report] = await ctx.db.db.select().from(reports).where(eq(reports.description, description))
  if (!report) throw new Error(`no report "${description}"`)
  return report
}

describe('the news of a report filed by SMS', () => {
  it('reach the phone that filed it: the claim, then the organisation’s message, cut to two SMS', async () => {
    const phone = newPhone()
    const report = await fileStreetLight(phone, 'Lampadaire éteint devant la mosquée de la Divinité')
    const organization = await createOrganization(ctx.db.db, { categories: ['Éclairage public'] })
    const session = bearer(await loginOrganization(ctx.app, organization.email))
    const claim = await ctx.app.inject({
      method: 'POST',
      url: `/api/org/reports/${report?.id}/claim`,
      headers: session,
    })
    expect(claim.statusCode).toBe(200)
    const long =
      'Une équipe passe jeudi matin pour changer la lampe et vérifier les câbles du quartier. '.repeat(5)
    const message = await ctx.app.inject({
      method: 'POST',
      url: `/api/org/reports/${report?.id}/notifications`,
      headers: session,
      payload: { title: 'Intervention prévue', message: long },
    })
    expect(message.statusCode).toBe(201)
    await channel().sendDue()
    const [claimed, written] = phone.inbox().slice(-2)
    const page = `https://alertes.example.sn/signalements/${report?.id}`
    expect(claimed).toBe(
      `Alertes urbaines, ${report?.anonymous_code} : Votre signalement "Éclairage public" est pris en charge.\n${page}`,
    )
    expect(written).toMatch(
      new RegExp(
        `^Alertes urbaines, ${report?.anonymous_code} : Message au sujet de "Éclairage public" : Intervention prévue\\nUne équipe passe jeudi matin`,
      ),
    )
    expect(written?.endsWith(`...\n${page}`)).toBe(true)
    expect(smsSegments(written ?? '')).toBe(2)
  })

  it('reach it when an administrator rejects the report, with the reason', async () => {
    const phone = newPhone()
    const report = await fileStreetLight(phone, 'Lampadaire qui clignote toute la nuit rue 10')
    const admin = await loginAdmin(ctx.app)
    const rejected = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}`,
      headers: bearer(admin),
      payload: { status: 'rejete', reason: 'Ce lampadaire a déjà été signalé et réparé hier.' },
    })
    expect(rejected.statusCode).toBe(200)
    await channel().sendDue()
    expect(phone.inbox().at(-1)).toMatch(
      new RegExp(
        `^Alertes urbaines, ${report.anonymous_code} : .*Ce lampadaire a déjà été signalé et réparé hier\\.`,
        's',
      ),
    )
  })
})

describe('SUIVI of a rejected report', () => {
  it('says it was rejected, without the address of a page it no longer has, and names its category in Wolof', async () => {
    const phone = newPhone()
    const report = await fileStreetLight(phone, 'Lampadaire tordu par un camion au rond-point de Ouakam')
    const admin = await loginAdmin(ctx.app)
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}`,
      headers: bearer(admin),
      payload: { status: 'rejete', reason: 'Signalement en double.' },
    })
    await channel().sendDue()
    const reply = await phone.says(`SUIVI ${report.anonymous_code}`)
    expect(reply).toMatch(
      new RegExp(`^${report.anonymous_code} \\(Éclairage public\\) : rejeté\\. Dernière étape : `),
    )
    expect(reply).not.toContain('https://')
    await phone.says('WOLOF')
    const categories = (await (await ctx.app.inject('/api/categories')).json()) as {
      nom: string
      translations: { wo?: string }
    }[]
    const inWolof = categories.find((category) => category.nom === 'Éclairage public')?.translations.wo
    expect(await phone.says(`suivi ${report.anonymous_code}`)).toContain(`(${inWolof}) : bañ nañu ko.`)
  })
})

describe('a web filer’s news by SMS', () => {
  const optIn = (
    token: string,
    method: 'GET' | 'POST' | 'DELETE',
    url = '/api/citizen/sms-news',
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: { 'x-citizen-token': token }, ...(payload ? { payload } : {}) })
  const codeIn = (text: string | undefined) =>
    /code de confirmation est (\d{6})\./.exec(text ?? '')?.[1] ?? ''
  const smsTo = (e164: string) => gateway.sent.filter((sms) => sms.to === e164).map((sms) => sms.text)

  it('go to the number the device confirmed with the code sent to it, until it says no more', async () => {
    const categories = (await (await ctx.app.inject('/api/categories')).json()) as {
      id: number
      nom: string
    }[]
    const roads = categories.find((category) => category.nom === 'Voirie')?.id
    const filed = await fileReportAs(ctx.app, {
      categoryId: roads,
      description: 'Chaussée effondrée rue 22 Médina',
    })
    const token = filed.citizenToken
    expect((await optIn(token, 'GET')).json()).toEqual({ state: 'off' })

    const asked = await optIn(token, 'POST', undefined, { phone: '77 555 12 34' })
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toEqual({ state: 'waiting' })
    expect(asked.body).not.toContain('555')
    await channel().sendDue()
    const [codeSms] = smsTo('+221775551234')
    expect(codeSms).toMatch(
      /^Alertes urbaines : votre code de confirmation est \d{6}\. Il expire dans 10 minutes\.$/,
    )
    const code = codeIn(codeSms)

    const wrong = await optIn(token, 'POST', '/api/citizen/sms-news/confirm', {
      code: code === '000000' ? '111111' : '000000',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error.message).toBe('Code incorrect\u202f: vérifiez les 6 chiffres reçus par SMS.')
    // Another device cannot take this device's code.
    const other = await fileReportAs(ctx.app)
    expect(
      (await optIn(other.citizenToken, 'POST', '/api/citizen/sms-news/confirm', { code })).statusCode,
    ).toBe(400)
    expect((await optIn(token, 'GET')).json()).toEqual({ state: 'waiting' })

    const confirmed = await optIn(token, 'POST', '/api/citizen/sms-news/confirm', { code })
    expect(confirmed.json()).toEqual({ state: 'on' })
    // Confirmed once: the same code again finds none waiting.
    expect((await optIn(token, 'POST', '/api/citizen/sms-news/confirm', { code })).json().error.message).toBe(
      'Aucun code en attente\u202f: demandez d’abord un code.',
    )

    const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const session = bearer(await loginOrganization(ctx.app, organization.email))
    await ctx.app.inject({ method: 'POST', url: `/api/org/reports/${filed.id}/claim`, headers: session })
    await channel().sendDue()
    expect(smsTo('+221775551234').at(-1)).toBe(
      `Alertes urbaines, ${filed.anonymous_code} : Votre signalement "Voirie" est pris en charge.\nhttps://alertes.example.sn/signalements/${filed.id}`,
    )

    expect((await optIn(token, 'DELETE')).statusCode).toBe(204)
    expect((await optIn(token, 'GET')).json()).toEqual({ state: 'off' })
    const before = smsTo('+221775551234').length
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/org/reports/${filed.id}`,
      headers: session,
      payload: { status: 'resolu' },
    })
    await channel().sendDue()
    expect(smsTo('+221775551234')).toHaveLength(before)
  })

  it('refuses a number it cannot read and a code too old or tried too often, and sends nothing to a number that said STOP', async () => {
    const { citizenToken: token } = await fileReportAs(ctx.app)
    const bad = await optIn(token, 'POST', undefined, { phone: '12 34' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toMatch(/^Numéro de téléphone invalide/)
    expect((await optIn(token, 'GET')).json()).toEqual({ state: 'off' })

    const stopped = newPhone()
    await stopped.says('STOP')
    // Answered as any number, so that no one learns it said STOP, and sent nothing.
    const before = smsTo(stopped.e164).length
    const refused = await optIn(token, 'POST', undefined, { phone: stopped.e164 })
    expect(refused.json()).toEqual({ state: 'waiting' })
    await channel().sendDue()
    expect(smsTo(stopped.e164)).toHaveLength(before)

    expect((await optIn(token, 'POST', undefined, { phone: '+221775559999' })).statusCode).toBe(200)
    await channel().sendDue()
    const code = codeIn(smsTo('+221775559999').at(-1))
    clock.advance(11 * 60_000)
    const late = await optIn(token, 'POST', '/api/citizen/sms-news/confirm', { code })
    expect(late.json().error.message).toBe(
      'Ce code a expiré ou a été essayé trop de fois\u202f: demandez-en un nouveau.',
    )

    expect((await optIn(token, 'POST', undefined, { phone: '+221775559999' })).statusCode).toBe(200)
    await channel().sendDue()
    const fresh = codeIn(smsTo('+221775559999').at(-1))
    const wrongCode = fresh === '000000' ? '111111' : '000000'
    for (let i = 0; i < SMS_CONFIRMATION_ATTEMPTS; i++)
      await optIn(token, 'POST', '/api/citizen/sms-news/confirm', { code: wrongCode })
    const tooMany = await optIn(token, 'POST', '/api/citizen/sms-news/confirm', { code: fresh })
    expect(tooMany.json().error.message).toMatch(/^Ce code a expiré ou a été essayé trop de fois/)
    expect((await optIn(token, 'GET')).json()).toEqual({ state: 'waiting' })
  })

  it(`sends at most ${SMS_CONFIRMATION_CODES} codes an hour to one address`, async () => {
    const { citizenToken: token } = await fileReportAs(ctx.app)
    const statuses: number[] = []
    for (let i = 0; i <= SMS_CONFIRMATION_CODES; i++)
      statuses.push((await optIn(token, 'POST', undefined, { phone: '+221775558888' })).statusCode)
    // The earlier tests of this file asked from the same address.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(SMS_CONFIRMATION_CODES)
    const refused = await optIn(token, 'POST', undefined, { phone: '+221775558888' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toBe('Trop de codes demandés\u202f: réessayez dans une heure.')
  })
})

describe('the webhook', () => {
  it('refuses a missing or wrong signature, or an old timestamp, and keeps nothing', async () => {
    const before = (await ctx.db.db.select().from(smsInbox)).length
    const good = receivedSms('771234567', 'Bonjour', clock.now())
    const forged = signedWebhook(
      'sms:received',
      { phoneNumber: '771234567', message: 'x' },
      { at: clock.now(), secret: 'pas-la-bonne-cle-du-tout' },
    )
    const old = receivedSms('771234567', 'Bonjour', new Date(clock.now().getTime() - 6 * 60_000))
    for (const [headers, payload] of [
      [{ 'content-type': 'application/json' }, good.body],
      [forged.headers, forged.body],
      [old.headers, old.body],
      [good.headers, good.body.replace('Bonjour', 'Bonsoir')],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/sms/webhook', headers, payload })
      expect(res.statusCode).toBe(401)
      expect(res.json().error.message).toBe(
        'Webhook refusé\u202f: signature absente ou invalide, ou horodatage à plus de 5 minutes.',
      )
    }
    expect(await ctx.db.db.select().from(smsInbox)).toHaveLength(before)
  })

  it(`takes a webhook up to ${SMS_WEBHOOK_MAX_BYTES / 1024} KB, and refuses a longer one with 413 saying so`, async () => {
    const under = receivedSms('771999998', 'a'.repeat(SMS_WEBHOOK_MAX_BYTES - 1024), clock.now())
    expect((await postWebhook(ctx.app, under)).statusCode).toBe(200)
    const over = receivedSms('771999998', 'a'.repeat(SMS_WEBHOOK_MAX_BYTES), clock.now(), 'evt-too-large')
    const refused = await postWebhook(ctx.app, over)
    expect(refused.statusCode).toBe(413)
    expect(refused.json().error).toMatchObject({
      code: 'body_too_large',
      reason: 'sms.webhookTooLarge',
      message: 'Webhook trop volumineux\u202f: 64 Ko au maximum.',
    })
    expect(
      await ctx.db.db.select().from(smsInbox).where(eq(smsInbox.event_id, 'evt-too-large')),
    ).toHaveLength(0)
  })

  it('takes a message with a NUL character, as the gateway sends it: answered 200, handled, replied to', async () => {
    const phone = newPhone()
    const hook = receivedSms(phone.e164, 'ai\u0000de', clock.now(), 'evt-with-a-\u0000-nul')
    expect(hook.body).toContain('\\u0000')
    const res = await postWebhook(ctx.app, hook)
    expect(res.statusCode).toBe(200)
    await channel().handleWaiting()
    await channel().sendDue()
    expect(phone.inbox()).toEqual([expect.stringMatching(/^Alertes urbaines : envoyez un message/)])
    // The gateway's retry of the same event is the same event.
    expect((await postWebhook(ctx.app, hook)).statusCode).toBe(200)
    await channel().handleWaiting()
    await channel().sendDue()
    expect(phone.inbox()).toHaveLength(1)
  })

  it('never writes the values of a query that failed to the log: not the message, the number’s hash nor its copy', async () => {
    const phone = newPhone()
    const message = 'Un texte que la base refuse le temps de ce test'
    // The database refuses this one message: its request fails there, as the NUL did.
    await ctx.db.db.execute(
      sql.raw(
        `alter table sms_inbox add constraint sms_inbox_refused_for_a_test check (message is distinct from '${message}')`,
      ),
    )
    try {
      const before = logs.length
      const res = await postWebhook(ctx.app, receivedSms(phone.e164, message, clock.now()))
      expect(res.statusCode).toBe(500)
      const logged = logs.slice(before)
      const [line] = logged.split('\n').filter((text) => text.includes('"request failed"'))
      // Said with the query, for whoever mends it, without its values.
      expect(line).toContain('Failed query: insert into \\"sms_inbox\\"')
      expect(JSON.parse(line ?? '{}').err.params).toBeUndefined()
      expect(logged).not.toContain(message)
      expect(logged).not.toContain(numberHash(phone.e164))
      // Nor any other long run of base64url or hex: an encrypted copy, a hash.
      expect(logged).not.toMatch(/[A-Za-z0-9_-]{50,}/)
    } finally {
      await ctx.db.db.execute(sql.raw('alter table sms_inbox drop constraint sms_inbox_refused_for_a_test'))
    }
  })

  it('handles the same event once, however often the gateway sends it', async () => {
    const phone = newPhone()
    const hook = receivedSms(phone.e164, 'Bonjour', clock.now(), 'evt-sent-three-times')
    for (let i = 0; i < 3; i++) {
      const res = await postWebhook(ctx.app, hook)
      expect(res.statusCode).toBe(200)
    }
    await channel().handleWaiting()
    await channel().sendDue()
    expect(phone.inbox()).toHaveLength(1)
  })

  it('keeps the delivery states the gateway reports', async () => {
    const phone = newPhone()
    await phone.says('aide')
    const [sms] = await ctx.db.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.gateway_message_id, gateway.sent.at(-1)?.id ?? ''))
    expect(sms?.state).toBe('sent')
    // Once the gateway took it, the number is no longer kept with it.
    expect(sms?.number_encrypted).toBeNull()
    const delivered = signedWebhook(
      'sms:delivered',
      { messageId: sms?.gateway_message_id, phoneNumber: phone.e164, deliveredAt: clock.now().toISOString() },
      { at: clock.now() },
    )
    await postWebhook(ctx.app, delivered)
    await channel().handleWaiting()
    const [after] = await ctx.db.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.id, sms?.id ?? 0))
    expect(after?.state).toBe('delivered')
  })
})

describe('the outbox', () => {
  it('tries an SMS again when the gateway is busy, and sends it once', async () => {
    const phone = newPhone()
    gateway.answerNext(503)
    expect(await phone.says('aide')).toBeUndefined()
    clock.advance(60_000)
    await channel().sendDue()
    expect(phone.inbox()).toHaveLength(1)
    await channel().sendDue()
    expect(phone.inbox()).toHaveLength(1)
  })
})

describe('an SMS whose number cannot be decrypted', () => {
  it('is given up and logged without its content, and never holds back the SMS after it', async () => {
    // Written under another key (a database restored without its sms-privacy-key), and due first.
    const text = 'Nouvelle d’un signalement chiffrée avec une clé perdue'
    const unreadable = createNumberPrivacy(randomBytes(32).toString('base64url')).encrypt('+221770009999')
    const [lost] = await ctx.db.db
      .insert(smsOutbox)
      .values({
        number_hash: 'f'.repeat(64),
        number_encrypted: unreadable,
        text,
        next_attempt_at: new Date(clock.now().getTime() - 60_000).toISOString(),
        expires_at: new Date(clock.now().getTime() + 60 * 60_000).toISOString(),
        created_at: clock.now().toISOString(),
      })
      .returning()
    const phone = newPhone()
    // Its reply, in the same batch, after the unreadable one.
    expect(await phone.says('aide')).toMatch(/^Alertes urbaines : envoyez un message/)
    const [settled] = await ctx.db.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.id, lost?.id ?? 0))
    expect(settled).toMatchObject({ state: 'failed', number_encrypted: null, next_attempt_at: null })
    expect(settled?.settled_at).not.toBeNull()
    expect(logs).toContain('sms: number unreadable with this key, SMS given up')
    expect(logs).not.toContain(text)
    expect(logs).not.toContain(unreadable)
    // Not tried again at the next rounds.
    clock.advance(3 * 60_000)
    expect(await channel().sendDue()).toBe(0)
  })
})

describe('the outbox, when the gateway refuses or the platform was down', () => {
  it('keeps an SMS that the gateway refused for its credentials (401), and sends it once they are right', async () => {
    const phone = newPhone()
    gateway.answerNext(401)
    expect(await phone.says('aide')).toBeUndefined()
    clock.advance(60_000)
    await channel().sendDue()
    expect(phone.inbox()).toHaveLength(1)
  })

  it('does not send an SMS past its day: its news are stale', async () => {
    const phone = newPhone()
    gateway.answerNext(503)
    expect(await phone.says('aide')).toBeUndefined()
    clock.advance(25 * 60 * 60_000)
    await channel().sendDue()
    expect(phone.inbox()).toHaveLength(0)
    const [sms] = await ctx.db.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.expires_at, new Date(clock.now().getTime() - 60 * 60_000).toISOString()))
    expect(sms).toMatchObject({ state: 'failed', number_encrypted: null, next_attempt_at: null })
  })
})

describe('a message that cannot be answered', () => {
  it(`is tried ${SMS_ANSWER_ATTEMPTS} times, then given up with an apology; other numbers are answered meanwhile`, async () => {
    const admin = bearer(await loginAdmin(ctx.app))
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: admin,
      payload: { nom: 'Stationnement gênant' },
    })
    expect(created.statusCode).toBe(201)
    const categories = (await (await ctx.app.inject('/api/categories')).json()) as { nom: string }[]
    const parking = categories.findIndex((category) => category.nom === 'Stationnement gênant') + 1
    const phone = newPhone()
    await phone.says('Bonjour')
    await phone.says(String(parking))
    await phone.says('medina')
    // The category goes while the citizen writes: filing the report fails.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/categories/${created.json().id}`,
      headers: admin,
    })
    expect(removed.statusCode).toBe(204)
    const description = 'Camions garés sur le trottoir devant l’école Médina'
    expect(await phone.says(description)).toBeUndefined()
    // Another number is answered at once, whatever waits before it (a second round, a second try).
    expect(await newPhone().says('aide')).toMatch(/^Alertes urbaines : envoyez un message/)
    for (let round = 3; round < SMS_ANSWER_ATTEMPTS; round++) {
      await channel().handleWaiting()
      await channel().sendDue()
      expect(phone.inbox().at(-1)).toMatch(/^Décrivez le problème/)
    }
    await channel().handleWaiting()
    await channel().sendDue()
    expect(phone.inbox().at(-1)).toBe(
      "Désolé, votre message n'a pas pu etre traité. Réessayez dans quelques minutes.",
    )
    expect(await ctx.db.db.select().from(reports).where(eq(reports.description, description))).toHaveLength(0)
    // Its next message is answered.
    expect(await phone.says('aide')).toMatch(/^Alertes urbaines : envoyez un message/)
    expect(logs).toContain('sms: a received message could not be answered')
  })
})

describe('a number', () => {
  it(`is answered ${SMS_MESSAGES_PER_HOUR} times an hour, told once that it writes too much, then not at all`, async () => {
    const phone = newPhone()
    for (let i = 0; i < SMS_MESSAGES_PER_HOUR; i++) await phone.says('aide')
    expect(phone.inbox()).toHaveLength(SMS_MESSAGES_PER_HOUR)
    expect(await phone.says('aide')).toBe('Trop de messages en une heure : réessayez plus tard.')
    expect(await phone.says('aide')).toBeUndefined()
    clock.advance(61 * 60_000)
    expect(await phone.says('aide')).toMatch(/^Alertes urbaines : envoyez un message/)
  })

  it('hears STOP when it is over its limit of messages, and sends nothing it had waiting', async () => {
    const phone = newPhone()
    const report = await fileStreetLight(phone, 'Lampadaire arraché par le vent route de Ngor')
    for (let i = 0; i < SMS_MESSAGES_PER_HOUR; i++) await phone.says('aide')
    expect(await phone.says('aide')).toBeUndefined()
    // The organisation's news, written before the STOP, is never sent after it.
    const organization = await createOrganization(ctx.db.db, { categories: ['Éclairage public'] })
    const session = bearer(await loginOrganization(ctx.app, organization.email))
    await ctx.app.inject({ method: 'POST', url: `/api/org/reports/${report.id}/claim`, headers: session })
    // Heard, and unanswered: past the limit, nothing more is written to it.
    expect(await phone.says('STOP')).toBeUndefined()
    const cancelled = await ctx.db.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.number_hash, report.reporter_hash ?? ''))
    expect(cancelled.filter((sms) => sms.state === 'cancelled')).toHaveLength(1)
    expect(cancelled.every((sms) => sms.number_encrypted === null)).toBe(true)
    clock.advance(60_000)
    await channel().sendDue()
    expect(phone.inbox().some((text) => text.includes('pris en charge'))).toBe(false)
  })

  it(`is answered STOP and REPRENDRE within its ${SMS_MESSAGES_PER_HOUR} messages an hour only, and still stops and resumes past them`, async () => {
    const phone = newPhone()
    const number = async () =>
      (
        await ctx.db.db
          .select()
          .from(smsNumbers)
          .where(eq(smsNumbers.number_hash, numberHash(phone.e164)))
      )[0]
    for (let i = 0; i < SMS_MESSAGES_PER_HOUR; i++) await phone.says('aide')
    expect(await phone.says('aide')).toBe('Trop de messages en une heure : réessayez plus tard.')
    // Each would have been one SMS the platform pays for, without end.
    for (const keyword of ['STOP', 'REPRENDRE', 'STOP', 'REPRENDRE', 'STOP'])
      expect(await phone.says(keyword)).toBeUndefined()
    expect(await number()).toMatchObject({ number_encrypted: null })
    expect((await number())?.stopped_at).not.toBeNull()
    expect(await phone.says('REPRENDRE')).toBeUndefined()
    expect((await number())?.stopped_at).toBeNull()
    expect((await number())?.number_encrypted).not.toBeNull()

    clock.advance(61 * 60_000)
    expect(await phone.says('STOP')).toBe(
      "Vous ne recevrez plus de SMS d'Alertes urbaines. Envoyez REPRENDRE pour les recevoir à nouveau.",
    )
    expect(await phone.says('REPRENDRE')).toBe("Vous recevez à nouveau les SMS d'Alertes urbaines.")
  })

  it(`files ${SMS_REPORTS_PER_DAY} reports a day`, async () => {
    const phone = newPhone()
    const file = async (n: number) => {
      await phone.says('Bonjour')
      await phone.says('1')
      await phone.says('yoff')
      return phone.says(`Caniveau bouché numéro ${n} près du marché de Yoff`)
    }
    for (let n = 1; n <= SMS_REPORTS_PER_DAY; n++)
      expect(await file(n)).toMatch(/^Merci, signalement enregistré/)
    expect(await file(SMS_REPORTS_PER_DAY + 1)).toBe(
      `Vous avez déjà envoyé ${SMS_REPORTS_PER_DAY} signalements aujourd'hui : réessayez demain.`,
    )
    const sixth = await ctx.db.db
      .select()
      .from(reports)
      .where(
        eq(reports.description, `Caniveau bouché numéro ${SMS_REPORTS_PER_DAY + 1} près du marché de Yoff`),
      )
    expect(sixth).toHaveLength(0)
  })

  it('appears in no answer of the API, no export and no log line', async () => {
    const admin = await loginAdmin(ctx.app)
    const answers = await Promise.all(
      [
        { url: '/api/admin/reports?pageSize=50', headers: bearer(admin) },
        { url: '/api/admin/reports/export.csv', headers: bearer(admin) },
        { url: '/api/public/reports.geojson' },
        { url: '/api/public/reports.csv' },
        { url: '/open311/v2/requests.json' },
      ].map((request) => ctx.app.inject(request)),
    )
    for (const answer of answers) expect(answer.statusCode).toBe(200)
    const rows = await ctx.db.db.select().from(reports).where(eq(reports.channel, 'sms'))
    // One SMS report as each reader sees it: the administrator, an organisation, Open311, its page.
    const [one] = rows
    const organization = await createOrganization(ctx.db.db, { categories: [one?.type ?? 'Voirie'] })
    const asOrganization = bearer(await loginOrganization(ctx.app, organization.email))
    const details = await Promise.all(
      [
        { url: `/api/admin/reports/${one?.id}`, headers: bearer(admin) },
        { url: '/api/admin/sms', headers: bearer(admin) },
        { url: '/api/admin/stats', headers: bearer(admin) },
        { url: `/api/org/reports/${one?.id}`, headers: asOrganization },
        { url: '/api/org/reports/available', headers: asOrganization },
        { url: `/open311/v2/requests/${one?.id}.json` },
        { url: `/api/reports/${one?.id}` },
        { url: '/api/public/stats' },
      ].map((request) => ctx.app.inject(request)),
    )
    for (const answer of details) expect([200, 404]).toContain(answer.statusCode)
    expect(details.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(7)
    const seen = [logs, JSON.stringify(rows), ...[...answers, ...details].map((answer) => answer.body)].join(
      '\n',
    )
    for (const answer of answers.slice(0, 2)) expect(answer.body).toContain('Caniveau bouché numéro 1')
    for (let n = 1; n <= phones; n++) {
      const digits = `77${String(100 + n).padStart(3, '0')}4567`
      expect(seen).not.toContain(digits)
      expect(seen).not.toContain(`${digits.slice(0, 2)} ${digits.slice(2, 5)}`)
    }
    // Nor the numbers web filers gave for their news.
    for (const digits of ['775551234', '775559999', '775558888']) {
      expect(seen).not.toContain(digits)
      expect(seen).not.toContain(`${digits.slice(0, 2)} ${digits.slice(2, 5)}`)
    }
  })
})

describe('the operator’s SMS card', () => {
  it('says whether the gateway answers, the last message received, what waits and what failed today', async () => {
    const status = async (headers: Record<string, string>) =>
      ctx.app.inject({ url: '/api/admin/sms', headers })
    const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    expect((await status({})).statusCode).toBe(401)
    expect((await status(bearer(await loginOrganization(ctx.app, organization.email)))).statusCode).toBe(403)
    const admin = bearer(await loginAdmin(ctx.app))

    clock.advance(60_000)
    const phone = newPhone()
    gateway.answerNext(503)
    await phone.says('aide')
    const waiting = (await status(admin)).json()
    expect(waiting).toMatchObject({
      gateway_reachable: true,
      last_received_at: clock.now().toISOString(),
      waiting: 1,
    })
    const failedBefore = waiting.failed_today

    // Refused for good by the gateway: a failure of today, no longer waiting.
    gateway.answerNext(400)
    clock.advance(60_000)
    await channel().sendDue()
    gateway.setHealthy(false)
    try {
      expect((await status(admin)).json()).toMatchObject({
        gateway_reachable: false,
        waiting: 0,
        failed_today: failedBefore + 1,
      })
    } finally {
      gateway.setHealthy(true)
    }
  })
})

describe('without the SMS settings', () => {
  it('has no channel: its webhook and the operator’s card are the API’s 404', async () => {
    const off = await buildTestApp()
    try {
      expect(off.app.sms).toBeUndefined()
      const hook = receivedSms('771234567', 'Bonjour', new Date())
      expect((await postWebhook(off.app, hook)).statusCode).toBe(404)
      const admin = bearer(await loginAdmin(off.app))
      expect((await off.app.inject({ url: '/api/admin/sms', headers: admin })).statusCode).toBe(404)
    } finally {
      await off.close()
    }
  })
})

describe('a number whose reports are closed', () => {
  it(`is forgotten ${SMS_NUMBER_KEPT_DAYS} days after its last message and its last report’s closing`, async () => {
    const phone = newPhone()
    const report = await fileStreetLight(phone, 'Trois lampadaires éteints sur la corniche de Ouakam')
    const numberHash = report.reporter_hash ?? ''
    // A second later (the clock stands still otherwise), a number that only asks for help.
    clock.advance(1000)
    await newPhone().says('aide')
    const [idleNumber] = await ctx.db.db
      .select()
      .from(smsNumbers)
      .where(eq(smsNumbers.last_message_at, clock.now().toISOString()))
    const kept = async (hash = numberHash) =>
      (await ctx.db.db.select().from(smsNumbers).where(eq(smsNumbers.number_hash, hash))).length
    const day = 24 * 60 * 60_000

    // Still open after the 90 days: kept, so that its news reach the phone.
    clock.advance((SMS_NUMBER_KEPT_DAYS + 1) * day)
    await channel().forgetOld(clock.now())
    expect(await kept()).toBe(1)
    // The number that only asked for help, with no report, is gone.
    expect(await kept(idleNumber?.number_hash)).toBe(0)

    const organization = await createOrganization(ctx.db.db, { categories: ['Éclairage public'] })
    const session = bearer(await loginOrganization(ctx.app, organization.email))
    await ctx.app.inject({ method: 'POST', url: `/api/org/reports/${report.id}/claim`, headers: session })
    const resolved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/org/reports/${report.id}`,
      headers: session,
      payload: { status: 'resolu' },
    })
    expect(resolved.statusCode).toBe(200)
    clock.advance((SMS_NUMBER_KEPT_DAYS - 1) * day)
    await channel().forgetOld(clock.now())
    expect(await kept()).toBe(1)

    clock.advance(2 * day)
    await channel().forgetOld(clock.now())
    expect(await kept()).toBe(0)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, report.id))
    expect(row?.reporter_hash).toBeNull()
    // The report stays, as any resolved report.
    expect(row?.status).toBe('resolu')
  })

  it(`that said STOP is remembered past the ${SMS_NUMBER_KEPT_DAYS} days, as its hash alone`, async () => {
    const phone = newPhone()
    const report = await fileStreetLight(phone, 'Lampadaire tombé sur le trottoir de la VDN')
    await phone.says('STOP')
    const admin = bearer(await loginAdmin(ctx.app))
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}`,
      headers: admin,
      payload: { status: 'rejete', reason: 'Déjà signalé par la mairie.' },
    })
    clock.advance((SMS_NUMBER_KEPT_DAYS + 1) * 24 * 60 * 60_000)
    await channel().forgetOld(clock.now())
    const [number] = await ctx.db.db
      .select()
      .from(smsNumbers)
      .where(eq(smsNumbers.number_hash, report.reporter_hash ?? ''))
    expect(number).toMatchObject({ number_encrypted: null, conversation: null })
    expect(number?.stopped_at).not.toBeNull()
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, report.id))
    expect(row?.reporter_hash).toBeNull()
    // Still nothing sent to it.
    expect(await phone.says('Bonjour')).toBeUndefined()
  })

  it('given on the site for a device’s news, is kept while that device’s reports are open, then forgotten with its link', async () => {
    const day = 24 * 60 * 60_000
    const filed = await fileReportAs(ctx.app, { description: 'Trottoir effondré devant le marché Tilène' })
    const headers = { 'x-citizen-token': filed.citizenToken }
    // From an address of its own: the codes asked for earlier in this file used the shared one's hour.
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/sms-news',
      headers,
      payload: { phone: '+221775557777' },
      remoteAddress: '10.31.0.7',
    })
    expect(asked.statusCode).toBe(200)
    await channel().sendDue()
    const code = /est (\d{6})\./.exec(
      gateway.sent.filter((sms) => sms.to === '+221775557777').at(-1)?.text ?? '',
    )?.[1]
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/sms-news/confirm',
      headers,
      payload: { code },
    })
    expect(confirmed.json()).toEqual({ state: 'on' })
    const state = async () => (await ctx.app.inject({ url: '/api/citizen/sms-news', headers })).json().state

    clock.advance((SMS_NUMBER_KEPT_DAYS + 1) * day)
    await channel().forgetOld(clock.now())
    expect(await state()).toBe('on')

    const admin = bearer(await loginAdmin(ctx.app))
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${filed.id}`,
      headers: admin,
      payload: { status: 'rejete', reason: 'Doublon d’un signalement déjà pris en charge.' },
    })
    clock.advance((SMS_NUMBER_KEPT_DAYS + 1) * day)
    await channel().forgetOld(clock.now())
    expect(await state()).toBe('off')
    // The report is the device's still: only the number is forgotten.
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, filed.id))
    expect(row?.reporter_hash).not.toBeNull()
  })
})
