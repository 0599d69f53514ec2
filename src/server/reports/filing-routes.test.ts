import { randomBytes, randomUUID } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { citizenDevices, filingReceipts, reportEvents, reports } from '../db/schema'
import { buildTestApp, type TestContext } from '../test/helper'
import {
  aacVoiceNote,
  fragmentedMp4VoiceNote,
  headerOnlyVoiceNotes,
  htmlNamedJpg,
  jpegWithGpsExif,
  m4aVoiceNote,
  mp3VoiceNote,
  oggVoiceNote,
  png,
  svgImage,
  videoOnlyWebm,
  videoWithSoundWebm,
  voiceNote121s,
  voiceNote130s,
  webmVoiceNote,
} from '../test/media-fixtures'
import { type FilePart, multipartBody } from '../test/multipart'

let ctx: TestContext
let voirieId: number
let address = 0

beforeAll(async () => {
  ctx = await buildTestApp()
  const categories = (await ctx.app.inject('/api/categories')).json() as { id: number; nom: string }[]
  voirieId = categories.find((c) => c.nom === 'Voirie')?.id ?? 0
})
afterAll(() => ctx.close())
beforeEach(async () => {
  await ctx.db.db.delete(reports)
  rmSync(path.join(ctx.config.dataDir, 'uploads'), { recursive: true, force: true })
})

const validFields = () => ({
  categoryId: voirieId,
  description: 'Nid-de-poule dangereux devant l’école primaire',
  latitude: 14.6928,
  longitude: -17.4467,
  address: 'Rue 10, Médina',
  department: 'Dakar',
})

/** Each call comes from its own address unless told otherwise, so the spam limit stays out of the way. */
function fileReport(
  fields: Record<string, string | number>,
  files: FilePart[] = [],
  headers: Record<string, string> = {},
) {
  const body = multipartBody(fields, files)
  address += 1
  return ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: body.payload,
    headers: {
      ...body.headers,
      'x-forwarded-for': `10.0.${Math.floor(address / 250)}.${address % 250}`,
      ...headers,
    },
  })
}

const photoPart = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): FilePart => ({
  name: 'photo',
  filename,
  contentType,
  data,
})
const audioPart = (data: Buffer, filename = 'note.webm', contentType = 'audio/webm'): FilePart => ({
  name: 'audio',
  filename,
  contentType,
  data,
})

function storedFiles(): string[] {
  const root = path.join(ctx.config.dataDir, 'uploads')
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
  } catch {
    return []
  }
}

async function expectNothingStored() {
  expect(await ctx.db.db.select().from(reports)).toEqual([])
  expect(storedFiles()).toEqual([])
}

describe('POST /api/reports', () => {
  it('files a report and returns its anonymous code and a device token, stored only as a hash', async () => {
    const res = await fileReport(validFields())
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.anonymous_code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/)
    expect(body.citizenToken).toMatch(/^[\w-]{43}$/)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, body.id))
    expect(row).toMatchObject({
      type: 'Voirie',
      status: 'en-attente',
      priority: 'normal',
      description: 'Nid-de-poule dangereux devant l’école primaire',
      address: 'Rue 10, Médina',
      assigned_organization_id: null,
    })
    expect(row?.reporter_hash).not.toContain(body.citizenToken)
    const devices = await ctx.db.db.select().from(citizenDevices)
    expect(JSON.stringify(devices)).not.toContain(body.citizenToken)
    const events = await ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, body.id))
    expect(events.map((e) => e.kind)).toEqual(['created'])
  })

  it('reuses the device token the device sends back', async () => {
    const first = (await fileReport(validFields())).json()
    const second = await fileReport(validFields(), [], { 'x-citizen-token': first.citizenToken })
    expect(second.statusCode).toBe(201)
    expect(second.json().citizenToken).toBe(first.citizenToken)
    expect(second.json().anonymous_code).not.toBe(first.anonymous_code)
    const rows = await ctx.db.db.select().from(reports)
    expect(new Set(rows.map((r) => r.reporter_hash)).size).toBe(1)
  })

  it('takes a token the device minted itself as that device, new, and keeps only its hash', async () => {
    const minted = randomBytes(32).toString('base64url')
    const res = await fileReport(validFields(), [], { 'x-citizen-token': minted })
    expect(res.statusCode).toBe(201)
    expect(res.json().citizenToken).toBe(minted)
    expect(JSON.stringify(await ctx.db.db.select().from(citizenDevices))).not.toContain(minted)
    const mine = await ctx.app.inject({ url: '/api/citizen/reports', headers: { 'x-citizen-token': minted } })
    expect(mine.json().items).toMatchObject([{ id: res.json().id, filed_by_this_device: true }])
  })

  it('makes one device of two first filings sent at once with the same new token', async () => {
    const minted = randomBytes(32).toString('base64url')
    const both = await Promise.all([
      fileReport(validFields(), [], { 'x-citizen-token': minted }),
      fileReport(validFields(), [], { 'x-citizen-token': minted }),
    ])
    expect(both.map((res) => res.statusCode)).toEqual([201, 201])
    const mine = await ctx.app.inject({ url: '/api/citizen/reports', headers: { 'x-citizen-token': minted } })
    expect(mine.json().items).toHaveLength(2)
  })

  it('refuses a device token that is not one a device mints, and stores nothing', async () => {
    const res = await fileReport(validFields(), [photoPart(await png())], {
      'x-citizen-token': 'A'.repeat(42),
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe(
      'Cet appareil n’est pas reconnu. Réessayez : un nouvel identifiant lui sera attribué.',
    )
    await expectNothingStored()
  })

  it('re-encodes a photo without its EXIF and GPS data, upright, with a thumbnail', async () => {
    const res = await fileReport(validFields(), [photoPart(await jpegWithGpsExif())])
    expect(res.statusCode).toBe(201)
    const [row] = await ctx.db.db.select().from(reports)
    expect(row?.photo_url).toMatch(/^\/files\/[a-f0-9]{2}\/[a-f0-9]{32}\.webp$/)
    const served = await ctx.app.inject(row?.photo_url ?? '')
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    // Saved from the browser under a name that says what it is, not the random stored one.
    expect(served.headers['content-disposition']).toBe('inline; filename=signalement-photo.webp')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const metadata = await sharp(served.rawPayload).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect([metadata.width, metadata.height]).toEqual([200, 400])
    expect(served.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false)
    const thumb = await ctx.app.inject(row?.photo_thumb_url ?? '')
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320)
  })

  it.each([
    ['WebM recorded by Chromium', webmVoiceNote, 'audio/webm', 'webm'],
    ['MP4 in fragments recorded by Chromium', fragmentedMp4VoiceNote, 'audio/mp4', 'm4a'],
    ['Ogg Opus', oggVoiceNote, 'audio/ogg', 'ogg'],
    ['MP3', mp3VoiceNote, 'audio/mpeg', 'mp3'],
    ['MP4/AAC (Safari)', m4aVoiceNote, 'audio/mp4', 'm4a'],
    ['ADTS AAC', aacVoiceNote, 'audio/aac', 'aac'],
  ])('accepts a %s voice note alone as a complete report', async (_name, data, servedAs, extension) => {
    const res = await fileReport({ ...validFields(), description: '' }, [audioPart(data)])
    expect(res.statusCode).toBe(201)
    const [row] = await ctx.db.db.select().from(reports)
    const served = await ctx.app.inject(row?.audio_url ?? '')
    expect(served.headers['content-type']).toBe(servedAs)
    expect(served.headers['content-disposition']).toBe(
      `inline; filename=signalement-note-vocale.${extension}`,
    )
    expect(served.rawPayload.equals(data)).toBe(true)
  })

  it('refuses what only starts like a voice note (a WebM, Ogg or MP3 header over nothing) with 415', async () => {
    for (const [name, data] of Object.entries(headerOnlyVoiceNotes)) {
      const res = await fileReport(validFields(), [audioPart(data, `note.${name}`)])
      expect({ name, status: res.statusCode, error: res.json().error }).toEqual({
        name,
        status: 415,
        error: {
          code: 'unsupported_media_type',
          field: 'audio',
          message: 'La note vocale doit être un enregistrement WebM, Ogg, MP4 ou MP3.',
          reason: 'filing.audioType',
        },
      })
    }
    await expectNothingStored()
  })

  it('refuses a video as a voice note, with or without sound, with 415', async () => {
    for (const video of [videoOnlyWebm, videoWithSoundWebm]) {
      const res = await fileReport(validFields(), [audioPart(video)])
      expect(res.statusCode).toBe(415)
      expect(res.json().error.message).toBe(
        'La note vocale doit être un enregistrement WebM, Ogg, MP4 ou MP3.',
      )
    }
    await expectNothingStored()
  })

  it('refuses a recording cut before its first sound with 415, asking to record again', async () => {
    const firstCluster = webmVoiceNote.indexOf(Buffer.from('1f43b675', 'hex'))
    expect(firstCluster).toBeGreaterThan(0)
    const res = await fileReport(validFields(), [audioPart(webmVoiceNote.subarray(0, firstCluster))])
    expect(res.statusCode).toBe(415)
    expect(res.json().error.message).toBe('La note vocale est vide ou illisible. Enregistrez-la à nouveau.')
    await expectNothingStored()
  })

  it('refuses a voice note longer than 2 minutes with 415, and takes the longest the recorder makes', async () => {
    const tooLong = await fileReport(validFields(), [audioPart(voiceNote130s)])
    expect(tooLong.statusCode).toBe(415)
    expect(tooLong.json().error).toEqual({
      code: 'unsupported_media_type',
      field: 'audio',
      message: 'La note vocale ne doit pas dépasser 2 minutes.',
      reason: 'filing.audioTooLong',
    })
    await expectNothingStored()
    expect((await fileReport(validFields(), [audioPart(voiceNote121s)])).statusCode).toBe(201)
  })

  it('refuses a category id past PostgreSQL’s integer range as an unknown category (found by fuzzing)', async () => {
    const res = await fileReport({ ...validFields(), categoryId: 2_147_483_648 })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.field).toBe('categoryId')
    await expectNothingStored()
  })

  it('stores a point to the centimetre, a subnormal latitude as 0 instead of a 500 (found by fuzzing)', async () => {
    const res = await fileReport({ ...validFields(), latitude: '5e-324', longitude: '-17.446712345678' })
    expect(res.statusCode).toBe(201)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, res.json().id))
    expect(row).toMatchObject({ latitude: 0, longitude: -17.4467123, area_id: null })
  })

  it('asks for 10 characters of description when there is no voice note', async () => {
    const res = await fileReport({ ...validFields(), description: 'trou' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toEqual({
      code: 'invalid_input',
      field: 'description',
      message: 'Décrivez le problème en au moins 10 caractères, ou enregistrez une note vocale.',
      reason: 'filing.descriptionTooShort',
    })
    await expectNothingStored()
  })

  it('refuses HTML named .jpg with 415, and stores nothing', async () => {
    const res = await fileReport(validFields(), [photoPart(htmlNamedJpg)])
    expect(res.statusCode).toBe(415)
    expect(res.json().error.message).toBe('La photo doit être une image JPEG, PNG ou WebP.')
    await expectNothingStored()
  })

  it('refuses an SVG image with 415', async () => {
    const res = await fileReport(validFields(), [photoPart(svgImage, 'image.svg', 'image/svg+xml')])
    expect(res.statusCode).toBe(415)
    await expectNothingStored()
  })

  it('refuses an image given as the voice note with 415', async () => {
    const res = await fileReport(validFields(), [audioPart(await png(), 'note.webm')])
    expect(res.statusCode).toBe(415)
    expect(res.json().error.message).toBe('La note vocale doit être un enregistrement WebM, Ogg, MP4 ou MP3.')
    await expectNothingStored()
  })

  it('refuses an 11 MB photo with 413, and stores nothing', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(11 * 1024 * 1024)])
    const res = await fileReport(validFields(), [photoPart(big, 'big.png', 'image/png')])
    expect(res.statusCode).toBe(413)
    expect(res.json().error.message).toBe('Le fichier est trop volumineux (10 Mo au maximum).')
    await expectNothingStored()
  })

  it('refuses a valid photo when the audio is bad, leaving no photo file behind', async () => {
    const res = await fileReport(validFields(), [photoPart(await png()), audioPart(htmlNamedJpg)])
    expect(res.statusCode).toBe(415)
    await expectNothingStored()
  })

  it.each([
    [{ latitude: 999 }, 'latitude', 'La position du signalement n’est pas valide.'],
    [{ longitude: 'abc' }, 'longitude', 'La position du signalement n’est pas valide.'],
    [{ categoryId: 99999 }, 'categoryId', 'Choisissez une catégorie dans la liste.'],
    [{ categoryId: '' }, 'categoryId', undefined],
  ])('refuses %o with a 400 naming %s', async (override, field, message) => {
    const res = await fileReport({ ...validFields(), ...override })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.field).toBe(field)
    if (message) expect(res.json().error.message).toBe(message)
    await expectNothingStored()
  })

  it('refuses a report without a category', async () => {
    const { categoryId: _, ...fields } = validFields()
    const res = await fileReport(fields)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.field).toBe('categoryId')
    await expectNothingStored()
  })

  it('refuses unknown fields and unknown files', async () => {
    expect((await fileReport({ ...validFields(), status: 'resolu' })).statusCode).toBe(400)
    const other: FilePart = {
      name: 'document',
      filename: 'a.pdf',
      contentType: 'application/pdf',
      data: Buffer.from('%PDF'),
    }
    expect((await fileReport(validFields(), [other])).statusCode).toBe(400)
    await expectNothingStored()
  })

  it('refuses a JSON body with 415', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/reports', payload: validFields() })
    expect(res.statusCode).toBe(415)
  })

  it('returns the first report for a repeated Idempotency-Key sent with its device’s token', async () => {
    const headers = { 'idempotency-key': randomUUID() }
    const first = await fileReport(validFields(), [], headers)
    const token = first.json().citizenToken
    const again = await fileReport(validFields(), [], { ...headers, 'x-citizen-token': token })
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await ctx.db.db.select().from(reports)).toHaveLength(1)
  })

  it('gives a device that lost the first answer that answer again, for its own token', async () => {
    const headers = {
      'idempotency-key': randomBytes(16).toString('base64url'),
      'x-citizen-token': randomBytes(32).toString('base64url'),
    }
    const first = (await fileReport(validFields(), [photoPart(await png())], headers)).json()
    // The connection dropped before the answer: the device sends the same report again.
    const again = await fileReport(validFields(), [photoPart(await png())], headers)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first)
    expect(await ctx.db.db.select().from(reports)).toHaveLength(1)
    const mine = await ctx.app.inject({
      url: '/api/citizen/reports',
      headers: { 'x-citizen-token': first.citizenToken },
    })
    expect(mine.json().items).toMatchObject([
      { anonymous_code: first.anonymous_code, filed_by_this_device: true, photo_url: expect.any(String) },
    ])
  })

  // The attack of issue 27: the key read in a proxy's log or a shared phone's history, replayed
  // with any report and no token, handed out the filer's token, then its photo, voice note and
  // messages. Keys of the right shape but no randomness were accepted too.
  it.each([
    ['a device that minted its token', randomBytes(32).toString('base64url'), randomUUID()],
    ['a device of an app that sent no token', undefined, randomUUID()],
    ['a key of one letter repeated', randomBytes(32).toString('base64url'), 'a'.repeat(22)],
    ['a key made of a counter', undefined, 'offline-queue-00000001'],
  ])('hands nothing of the report of %s to whoever replays its Idempotency-Key', async (_, token, key) => {
    const first = await fileReport(validFields(), [photoPart(await png())], {
      'idempotency-key': key,
      ...(token ? { 'x-citizen-token': token } : {}),
    })
    expect(first.statusCode).toBe(201)
    const filed = first.json()
    const replay = await fileReport(
      { ...validFields(), description: 'Une autre description, assez longue' },
      [],
      {
        'idempotency-key': key,
      },
    )
    expect(replay.statusCode).toBe(409)
    expect(replay.json().error.message).toBe(
      'Ce signalement a déjà été reçu. Retrouvez-le dans « Mes signalements » sur l’appareil qui l’a envoyé.',
    )
    for (const secret of [filed.id, filed.anonymous_code, filed.citizenToken]) {
      expect(replay.body).not.toContain(secret)
    }
    expect(await ctx.db.db.select().from(reports)).toHaveLength(1)
  })

  it('gives nothing of the report to another device replaying its Idempotency-Key', async () => {
    const key = randomUUID()
    const first = (await fileReport(validFields(), [], { 'idempotency-key': key })).json()
    const stranger = (await fileReport(validFields())).json().citizenToken
    const res = await fileReport(validFields(), [], { 'idempotency-key': key, 'x-citizen-token': stranger })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe(
      'Cette clé a déjà servi à un signalement envoyé par un autre appareil.',
    )
    expect(res.body).not.toContain(first.id)
    expect(res.body).not.toContain(first.anonymous_code)
    expect(res.body).not.toContain(first.citizenToken)
    const theirs = await ctx.app.inject({
      url: '/api/citizen/reports',
      headers: { 'x-citizen-token': stranger },
    })
    expect(theirs.json().items.map((r: { id: string }) => r.id)).not.toContain(first.id)
    expect(await ctx.db.db.select().from(reports)).toHaveLength(2)
  })

  it('keeps neither the Idempotency-Key nor the answer’s token in clear', async () => {
    const key = randomUUID()
    const first = (await fileReport(validFields(), [], { 'idempotency-key': key })).json()
    const dump = JSON.stringify(await ctx.db.db.select().from(filingReceipts))
    expect(dump).not.toContain(key)
    expect(dump).not.toContain(first.citizenToken)
    expect(JSON.stringify(await ctx.db.db.select().from(reports))).not.toContain(key)
  })

  it('gives nothing of the report to a new device replaying its Idempotency-Key', async () => {
    const headers = { 'idempotency-key': randomUUID() }
    const first = (await fileReport(validFields(), [], headers)).json()
    const res = await fileReport(validFields(), [], {
      ...headers,
      'x-citizen-token': randomBytes(32).toString('base64url'),
    })
    expect(res.statusCode).toBe(409)
    expect(res.body).not.toContain(first.anonymous_code)
    expect(res.body).not.toContain(first.citizenToken)
    expect(await ctx.db.db.select().from(reports)).toHaveLength(1)
  })

  it.each([
    ['a short key', 'offline-queue-0001'],
    ['a UUID of another version', '6fa459ea-ee8a-11ca-8c1c-00c04fd430c8'],
    ['characters outside base64url', 'bad key!bad key!bad key!'],
  ])('refuses %s as Idempotency-Key with 400, and stores nothing', async (_, key) => {
    const res = await fileReport(validFields(), [photoPart(await png())], { 'idempotency-key': key })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      field: 'idempotency-key',
      message:
        'La clé Idempotency-Key doit être tirée au hasard : un UUID v4, ou au moins 22 caractères base64url.',
    })
    await expectNothingStored()
  })

  it('accepts an MP4/AAC voice note (Safari records those), served as audio/mp4', async () => {
    const res = await fileReport({ ...validFields(), description: '' }, [
      audioPart(m4aVoiceNote, 'note.m4a', 'audio/mp4'),
    ])
    expect(res.statusCode).toBe(201)
    const [row] = await ctx.db.db.select().from(reports)
    expect(row?.audio_url).toMatch(/\.m4a$/)
    const served = await ctx.app.inject(row?.audio_url ?? '')
    expect(served.headers['content-type']).toBe('audio/mp4')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
  })

  it('refuses an 11 MB voice note with 413, and stores nothing', async () => {
    const big = Buffer.concat([webmVoiceNote, Buffer.alloc(11 * 1024 * 1024)])
    const res = await fileReport(validFields(), [photoPart(await png()), audioPart(big)])
    expect(res.statusCode).toBe(413)
    expect(res.json().error.message).toBe('Le fichier est trop volumineux (10 Mo au maximum).')
    await expectNothingStored()
  })

  it('limits the reports filed from one address, in French and by reason', async () => {
    const body = multipartBody(validFields())
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/reports',
        payload: body.payload,
        headers: { ...body.headers, 'x-forwarded-for': '192.0.2.77' },
      })
    for (let i = 0; i < 20; i++) expect((await send()).statusCode).toBe(201)
    const refused = await send()
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toEqual({
      code: 'too_many_requests',
      message: 'Vous avez envoyé beaucoup de signalements en peu de temps. Réessayez dans une heure.',
      reason: 'filing.tooManyReports',
    })
  })
})

describe('GET /files/…', () => {
  it('serves only names the server gave', async () => {
    for (const url of ['/files/../../etc/passwd', '/files/ab/index.html', '/files/ab/abc.svg', '/files/zz']) {
      expect((await ctx.app.inject(url)).statusCode).toBe(404)
    }
  })
})

describe('POST /api/reports, repeated a month later', () => {
  it('still gives the filing device its answer, and anyone else nothing', async () => {
    let now = new Date('2026-11-25T08:00:00Z')
    const later = await buildTestApp({ clock: { now: () => now } })
    try {
      const categoryId = ((await later.app.inject('/api/categories')).json() as { id: number }[])[0]?.id
      const send = (headers: Record<string, string>) => {
        const body = multipartBody({ ...validFields(), categoryId: categoryId ?? 0 })
        return later.app.inject({
          method: 'POST',
          url: '/api/reports',
          payload: body.payload,
          headers: { ...body.headers, ...headers },
        })
      }
      const key = randomUUID()
      const token = randomBytes(32).toString('base64url')
      const first = (await send({ 'idempotency-key': key, 'x-citizen-token': token })).json()
      const stranger = await send({ 'idempotency-key': key })
      expect(stranger.statusCode).toBe(409)
      expect(stranger.body).not.toContain(first.anonymous_code)
      now = new Date('2026-12-25T08:00:00Z')
      const own = await send({ 'idempotency-key': key, 'x-citizen-token': token })
      expect(own.json()).toEqual(first)
    } finally {
      await later.close()
    }
  })
})
