// Property-based fuzzing of every route of the app's route table: path parameters, query,
// headers, JSON and multipart bodies, driven by each route's own schemas (the domain's zod
// schemas) plus hostile values. The property: never a 5xx, an API error is always the JSON error
// of DESIGN.md section 6, an answer comes in time, and the server still answers afterwards.
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { reportFieldsSchema } from '../../../domain/report-filing'
import type { RouteEntry } from '../../app'
import type { ReverseGeocoder } from '../../geocoding/reverse-geocoder'
import { createOrganization, login, loginAdmin, loginOrganization } from '../accounts'
import { fileReportAs } from '../citizen'
import type { TestContext } from '../helper'
import { jpegWithGpsExif, mp3VoiceNote, png, webmVoiceNote } from '../media-fixtures'
import { multipartBody } from '../multipart'
import {
  asHeaderValue,
  brokenJson,
  hostileAuthorization,
  hostileDate,
  hostileHeaderText,
  hostileString,
  hostileValue,
} from './hostile-values'
import { multipartArbitrary, type SampleFiles } from './multipart-arbitrary'
import { type FieldHints, inputArbitrary, jsonSchemaOf } from './schema-arbitrary'

/** A geocoder that always answers, so that the fuzzer reaches the cache and not only the 503. */
export const answeringGeocoder: ReverseGeocoder = {
  enabled: true,
  reverse: async (latitude, longitude) => ({
    display_name: `Point ${latitude}, ${longitude}`,
    city: 'Dakar',
    address: { city: 'Dakar' },
  }),
}

export interface FuzzFixture {
  headers: {
    admin: Record<string, string>
    organization: Record<string, string>
    device: Record<string, string>
  }
  hints: FieldHints
  samples: SampleFiles
}

/** Accounts, sessions and reports for the fuzzer to aim at, without giving it its own keys. */
export async function prepareFuzzFixture(ctx: TestContext): Promise<FuzzFixture> {
  const db = ctx.db.db
  const app = ctx.app
  const categories = (await app.inject('/api/categories')).json() as { id: number; nom: string }[]
  const categoryIds = categories.map((c) => c.id)
  const fuzzOrg = await createOrganization(db, { categories: ['Voirie', 'Propreté'] })
  const otherOrg = await createOrganization(db, { categories: ['Voirie'], status: 'pending' })
  const organization = await loginOrganization(app, fuzzOrg.email)
  const admin = await loginAdmin(app)
  // A second administrator and organisation for the admin routes to change: the fuzzer never
  // gets the ids of its own accounts, so that it cannot lock itself out.
  await app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: {
      name: 'Autre',
      email: 'autre.admin@dakar.sn',
      username: 'autre-admin',
      password: 'autre-pass-1',
    },
  })
  const otherAdminSession = await login(app, {
    userType: 'admin',
    username: 'autre-admin',
    password: 'autre-pass-1',
  })
  const throwaway = await loginAdmin(app)
  const voirie = categories.find((c) => c.nom === 'Voirie')?.id ?? categoryIds[0] ?? 1
  const filed = await fileReportAs(app, { categoryId: voirie })
  const reports = [filed]
  for (let i = 0; i < 3; i++)
    reports.push(await fileReportAs(app, { categoryId: voirie, token: filed.citizenToken }))
  const managed = reports[1]
  if (managed) {
    await app.inject({
      method: 'POST',
      url: `/api/org/reports/${managed.id}/claim`,
      headers: { authorization: `Bearer ${organization.token}` },
    })
  }
  const photo = multipartBody(
    { categoryId: voirie, description: 'Photo pour le fuzzing', latitude: 14.7, longitude: -17.4 },
    [{ name: 'photo', filename: 'p.png', contentType: 'image/png', data: await png() }],
  )
  const withPhoto = await app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: photo.payload,
    headers: { ...photo.headers, 'x-forwarded-for': '198.18.255.1' },
  })
  const photoToken = withPhoto.json().citizenToken as string
  const photoItems = (
    await app.inject({ url: '/api/citizen/reports', headers: { 'x-citizen-token': photoToken } })
  ).json().items as { photo_url: string; photo_thumb_url: string }[]
  const fileUrls = photoItems.flatMap((item) => [item.photo_url, item.photo_thumb_url]).filter(Boolean)
  const exportLink = (
    await app.inject({
      method: 'POST',
      url: '/api/admin/reports/export-link',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {},
    })
  ).json().url as string
  const exportToken = new URL(exportLink, 'http://x').searchParams.get('token') ?? ''

  const ids = [...reports.map((r) => r.id), otherOrg.id, otherAdminSession.user.id]
  return {
    headers: {
      admin: { authorization: `Bearer ${admin.token}` },
      organization: { authorization: `Bearer ${organization.token}` },
      device: { 'x-citizen-token': filed.citizenToken },
    },
    samples: { png: await png(), jpeg: await jpegWithGpsExif(), webm: webmVoiceNote, mp3: mp3VoiceNote },
    hints: {
      id: fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.constantFrom(...categoryIds.map(String))),
      code: fc.constantFrom(
        ...reports.map((r) => r.anonymous_code),
        ...reports.map((r) => r.anonymous_code.toLowerCase()),
      ),
      categoryId: fc.constantFrom(...categoryIds),
      categoryIds: fc.array(fc.constantFrom(...categoryIds), { minLength: 1, maxLength: 4 }),
      email: fc.oneof(
        fc.emailAddress(),
        fc.constantFrom(fuzzOrg.email.toUpperCase(), 'autre.admin@dakar.sn'),
      ),
      refreshToken: fc.constantFrom(throwaway.refreshToken, otherAdminSession.refreshToken),
      token: fc.constantFrom(admin.token, organization.token, exportToken),
      citizenToken: fc.constantFrom(filed.citizenToken, photoToken),
      bbox: fc.oneof(
        fc
          .tuple(
            fc.double({ min: -180, max: 180, noNaN: true }),
            fc.double({ min: -90, max: 90, noNaN: true }),
            fc.double({ min: 0, max: 40, noNaN: true }),
          )
          .map(([lon, lat, size]) =>
            [lon, lat, Math.min(180, lon + size), Math.min(90, lat + size)].join(','),
          ),
        fc.constantFrom('-17.6,14.6,-17.3,14.8', '-180,-90,180,90', '0,0,0,0', '-17.5,14.7,-17.5,14.7'),
      ),
      '*': fc.constantFrom(...fileUrls.map((url) => url.replace(/^\/files\//, ''))),
      // The dates of the filters: the open-data exports' day, Open311's moments.
      since: hostileDate,
      start_date: hostileDate,
      end_date: hostileDate,
    },
  }
}

type CallerKind = 'admin' | 'organization' | 'device' | 'anonymous'

function naturalCaller(url: string): CallerKind {
  if (url.startsWith('/api/admin/')) return 'admin'
  if (url.startsWith('/api/org/') || url === '/api/auth/password') return 'organization'
  if (url.startsWith('/api/citizen/') || url === '/api/reports' || url === '/api/events/ticket')
    return 'device'
  return 'anonymous'
}

function callerHeaders(fixture: FuzzFixture, url: string): fc.Arbitrary<Record<string, string>> {
  const natural = naturalCaller(url)
  const own = natural === 'anonymous' ? {} : fixture.headers[natural]
  return fc.oneof(
    { arbitrary: fc.constant(own), weight: 6 },
    { arbitrary: fc.constant({}), weight: 1 },
    { arbitrary: hostileAuthorization.map((value) => ({ authorization: asHeaderValue(value) })), weight: 1 },
    { arbitrary: hostileHeaderText.map((value) => ({ 'x-citizen-token': asHeaderValue(value) })), weight: 1 },
    {
      arbitrary: fc.constantFrom(fixture.headers.admin, fixture.headers.organization, fixture.headers.device),
      weight: 1,
    },
  )
}

/** One value as it travels in a path segment or a query: usually encoded, at times raw. */
function urlText(value: unknown, raw: boolean): string {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? (JSON.stringify(value) ?? '')
        : String(value)
  return raw ? text.replace(/[^\x21-\x7e]/g, '') : percentEncode(text)
}

/** Percent-encodes the UTF-8 bytes of a text; a lone surrogate goes as U+FFFD, as a browser sends it. */
function percentEncode(text: string): string {
  let encoded = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte)
    encoded += /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return encoded
}

const rawUrlPieces = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '..',
  '%2e%2e%2f',
  '..%2f..%2f',
  '%ff%fe',
  '%C0%AF',
  '+',
  '&',
  '=',
  '#',
  '?',
  ';',
  '//',
)

function pathArbitrary(route: RouteEntry, hints: FieldHints): fc.Arbitrary<string> {
  const paramsSchema = jsonSchemaOf(route.schema?.params)
  const pieces = route.url.split('/').map((segment) => {
    if (!segment.startsWith(':') && segment !== '*') return fc.constant(segment)
    const name = segment === '*' ? '*' : segment.slice(1)
    const known = hints[name]
    const fromSchema = inputArbitrary(paramsSchema?.properties?.[name], hints)
    const choices: fc.WeightedArbitrary<string>[] = [
      { arbitrary: fromSchema.map((v) => urlText(v, false)), weight: 3 },
      { arbitrary: hostileString.map((v) => urlText(v, false)), weight: 2 },
      {
        arbitrary: fc
          .tuple(hostileString, rawUrlPieces)
          .map(([v, piece]) => `${urlText(v, true).slice(0, 100)}${piece}`),
        weight: 1,
      },
    ]
    if (known)
      choices.push({ arbitrary: known.map((v) => (name === '*' ? String(v) : urlText(v, false))), weight: 4 })
    if (name === '*')
      choices.push({
        arbitrary: fc.constantFrom(
          '../../jwt-secret',
          '..%2f..%2fjwt-secret',
          'ab/../../server.lock',
          'ab/cd.webp',
          'x.html',
          '',
          '%2e%2e/%2e%2e/etc/passwd',
        ),
        weight: 2,
      })
    return fc.oneof(...choices)
  })
  return fc.tuple(...pieces).map((segments) => segments.join('/'))
}

function queryArbitrary(route: RouteEntry, hints: FieldHints): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(route.schema?.querystring)
  const structured = inputArbitrary(schema, hints).map((value) => {
    if (!value || typeof value !== 'object') return `q=${urlText(value, false)}`
    const params: string[] = []
    for (const [key, item] of Object.entries(value)) {
      for (const one of Array.isArray(item) ? item : [item])
        params.push(`${urlText(key, false)}=${urlText(one, false)}`)
    }
    return params.join('&')
  })
  return fc.oneof(
    { arbitrary: structured, weight: 6 },
    { arbitrary: fc.constant(''), weight: 1 },
    {
      arbitrary: fc
        .tuple(rawUrlPieces, hostileString)
        .map(([piece, v]) => `${piece}=${urlText(v, true).slice(0, 200)}${piece}`),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom(
        'a[b]=1',
        'page=1&page=2',
        'q[]=x',
        '__proto__[admin]=1',
        'constructor[prototype][x]=1',
        '&&&&',
        '=',
        `q=${'x'.repeat(10_000)}`,
      ),
      weight: 1,
    },
  )
}

interface BodyChoice {
  payload?: string | Buffer
  contentType?: string
}

function bodyArbitrary(route: RouteEntry, fixture: FuzzFixture): fc.Arbitrary<BodyChoice> {
  if (route.method === 'POST' && route.url === '/api/reports') {
    const fields = inputArbitrary(jsonSchemaOf(reportFieldsSchema), fixture.hints)
    return fc.oneof(
      { arbitrary: multipartArbitrary(fields, fixture.samples), weight: 8 },
      { arbitrary: fc.constant<BodyChoice>({}), weight: 1 },
      {
        arbitrary: hostileValue.map((v) => ({
          payload: JSON.stringify(v) ?? '',
          contentType: 'application/json',
        })),
        weight: 1,
      },
    )
  }
  const schema = jsonSchemaOf(route.schema?.body)
  const json = inputArbitrary(schema, fixture.hints).map(
    (value): BodyChoice => ({
      payload: JSON.stringify(value) ?? 'null',
      contentType: 'application/json',
    }),
  )
  const others = fc.oneof(
    brokenJson.map((text): BodyChoice => ({ payload: text, contentType: 'application/json' })),
    fc.constantFrom<BodyChoice>(
      {},
      { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
      { payload: 'texte', contentType: 'text/plain' },
      { payload: '{}', contentType: 'application/json; charset=utf-16' },
      { payload: '{}', contentType: 'application/json; charset=latin1' },
      { payload: '{}', contentType: 'application/json, text/plain' },
      { payload: '<a/>', contentType: 'application/xml' },
      { payload: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
      { payload: Buffer.alloc(1_100_000, 0x20), contentType: 'application/json' },
    ),
  )
  const isWrite = route.method !== 'GET' && route.method !== 'DELETE'
  return fc.oneof({ arbitrary: json, weight: isWrite ? 6 : 1 }, { arbitrary: others, weight: 2 })
}

export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

export function requestArbitrary(route: RouteEntry, fixture: FuzzFixture): fc.Arbitrary<FuzzRequest> {
  const extraHeaders = fc.record(
    {
      'idempotency-key': hostileHeaderText,
      'x-citizen-token': fc.oneof(
        hostileHeaderText,
        fc.constant(fixture.headers.device['x-citizen-token'] ?? ''),
      ),
      accept: fc.constantFrom('*/*', 'text/html', 'application/xml', ''),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x-unknown', ''),
      range: fc.constantFrom(
        'bytes=0-10',
        'bytes=-5',
        'bytes=999999-',
        'bytes=5-1',
        'bytes=a-b',
        'bytes=0-1,2-3,4-5',
      ),
    },
    { requiredKeys: [] },
  )
  return fc
    .record({
      path: pathArbitrary(route, fixture.hints),
      query: queryArbitrary(route, fixture.hints),
      caller: callerHeaders(fixture, route.url),
      extra: extraHeaders,
      body: bodyArbitrary(route, fixture),
      address: fc.tuple(
        fc.integer({ min: 1, max: 254 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 1, max: 254 }),
      ),
    })
    .map(({ path, query, caller, extra, body, address }) => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries({ ...extra, ...caller }))
        headers[name] = asHeaderValue(value)
      // Each request from its own address (the app believes X-Forwarded-For from loopback), so
      // that per-address limits do not hide the routes behind a 429.
      headers['x-forwarded-for'] = `198.${18 + (address[0] % 2)}.${address[1]}.${address[2]}`
      if (body.contentType) headers['content-type'] = body.contentType
      return {
        method: route.method,
        url: query ? `${path}?${query}` : path,
        headers,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      }
    })
}

const ANSWER_TIMEOUT_MS = 15_000

export interface FuzzAnswer {
  status: number
  body: string
  /** A stream the server opened and kept open (server-sent events). */
  streaming?: boolean
}

/** Sends one request; a stream that opens is closed after a moment and counts as answered. */
export async function send(app: FastifyInstance, request: FuzzRequest): Promise<FuzzAnswer> {
  const controller = new AbortController()
  // The stream itself, not its ticket (POST /api/events/ticket answers at once).
  const isStream = request.url === '/api/events' || request.url.startsWith('/api/events?')
  const timer = setTimeout(() => controller.abort(), isStream ? 300 : ANSWER_TIMEOUT_MS)
  try {
    const res = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      signal: controller.signal,
    })
    return { status: res.statusCode, body: res.body }
  } catch (error) {
    if (controller.signal.aborted && isStream) return { status: 200, body: '', streaming: true }
    if (controller.signal.aborted) return { status: 599, body: `no answer within ${ANSWER_TIMEOUT_MS} ms` }
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/** Why an answer breaks the contract, or null when it keeps it. */
export function contractBreach(request: FuzzRequest, answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`
  if (answer.status >= 400 && request.url.startsWith('/api/')) {
    try {
      const body = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } }
      if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string')
        return `a ${answer.status} without the JSON error body`
    } catch {
      return `a ${answer.status} that is not JSON`
    }
  }
  return null
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` body(${request.payload.length} bytes): ${String(request.payload)
          .slice(0, 300)
          .replace(/[^\x20-\x7e]/g, '?')}`
  return `${request.method} ${request.url.slice(0, 300)} headers=${JSON.stringify(request.headers).slice(0, 300)}${payload}`
}

export interface FuzzReport {
  /** Cases generated (fast-check runs). */
  cases: number
  /** Requests sent, shrinking of a failure included. */
  requests: number
  failures: string[]
  routes: number
}

/**
 * Fuzzes every route of the table with `casesPerRoute` cases each. Failures are collected (the
 * smallest counterexample fast-check finds for each route) rather than stopping at the first.
 */
export async function fuzzRoutes(
  ctx: TestContext,
  fixture: FuzzFixture,
  options: { casesPerRoute: number; seed?: number; onRoute?: (route: string, cases: number) => void },
): Promise<FuzzReport> {
  const routes = ctx.app.routeTable
  let cases = 0
  let requests = 0
  const failures: string[] = []
  for (const route of routes) {
    const key = `${route.method} ${route.url}`
    let ran = 0
    const details = await fc.check(
      fc.asyncProperty(requestArbitrary(route, fixture), async (request) => {
        ran += 1
        const answer = await send(ctx.app, request)
        const breach = contractBreach(request, answer)
        if (breach)
          throw new Error(`${breach}: ${answer.body.slice(0, 300)}\n  request: ${describeRequest(request)}`)
      }),
      { numRuns: options.casesPerRoute, seed: options.seed, endOnFailure: false, maxSkipsPerRun: 0 },
    )
    cases += details.numRuns
    requests += ran
    if (details.failed) {
      const reason =
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
      failures.push(`${key} (seed ${details.seed}, path ${details.counterexamplePath}): ${reason}`)
    }
    const health = await ctx.app.inject('/api/health')
    if (health.statusCode !== 200)
      failures.push(`${key}: the server stopped answering /api/health (${health.statusCode})`)
    options.onRoute?.(key, ran)
  }
  return { cases, requests, failures, routes: routes.length }
}
