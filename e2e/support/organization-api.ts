// What the organisation browser test does through the API rather than the screens: a citizen
// filing a report from another device, the administrator approving the organisation, and the
// citizen reading the messages about the report.
import sharp from 'sharp'
import { expect } from 'vitest'
import { ORG_PASSWORD } from '../../src/server/test/accounts'
import { E2E_ADMIN } from './server'

export interface FiledReport {
  id: string
  anonymous_code: string
  citizenToken: string
}

/** A small street photo stand-in, so that the cards have a thumbnail to show. */
function streetPhoto(width = 320): Promise<Buffer> {
  const height = Math.round((width * 3) / 4)
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 110, b: 95 } } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

/** Where a report is filed unless told: Avenue Blaise Diagne, in Médina. */
const MEDINA = { latitude: 14.6795, longitude: -17.4482, address: 'Avenue Blaise Diagne, Médina' }

/** Files a report as a citizen's phone does (POST /api/reports), with a photo. */
export async function fileReportAsCitizen(
  baseUrl: string,
  {
    description,
    category = 'Voirie',
    photoWidth,
    place = MEDINA,
  }: {
    description: string
    category?: string
    /** 320 px unless told. */
    photoWidth?: number
    place?: { latitude: number; longitude: number; address: string }
  },
): Promise<FiledReport> {
  const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as {
    id: number
    nom: string
  }[]
  const categoryId = categories.find((c) => c.nom === category)?.id
  expect(categoryId).toBeDefined()
  const form = new FormData()
  form.append('categoryId', String(categoryId))
  form.append('description', description)
  form.append('latitude', String(place.latitude))
  form.append('longitude', String(place.longitude))
  form.append('address', place.address)
  form.append('department', 'Dakar')
  form.append(
    'photo',
    new Blob([new Uint8Array(await streetPhoto(photoWidth))], { type: 'image/jpeg' }),
    'rue.jpg',
  )
  const res = await fetch(`${baseUrl}/api/reports`, { method: 'POST', body: form })
  expect(res.status).toBe(201)
  return (await res.json()) as FiledReport
}

/** One call to the app's API, as a script makes it; an answer other than 2xx fails the test. */
export interface ApiCall {
  method: string
  body?: unknown
  /** A signed-in user's bearer token. */
  token?: string
  headers?: Record<string, string>
}

/** Calls the API of the app at baseUrl; its JSON answer, or null when it has none. */
// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it needs from the answer.
export async function callApi(baseUrl: string, path: string, call: ApiCall): Promise<any> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: call.method,
    headers: {
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...call.headers,
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  })
  expect(res.status, `${call.method} ${path}`).toBeLessThan(300)
  const answer = await res.text()
  return answer === '' ? null : JSON.parse(answer)
}

/** Signs in as an organisation made by createOrganization (src/server/test/accounts); its token. */
export async function signInOrganization(baseUrl: string, email: string): Promise<string> {
  const { token } = await callApi(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { userType: 'organization', email, password: ORG_PASSWORD },
  })
  return token
}

/** The seeded administrator approves the organisation signed up with this email. */
export async function approveOrganization(baseUrl: string, email: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userType: 'admin', ...E2E_ADMIN }),
  })
  expect(login.status).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const list = await fetch(`${baseUrl}/api/admin/organizations?q=${encodeURIComponent(email)}`, { headers })
  const { items } = (await list.json()) as { items: { id: string; email: string; status: string }[] }
  const organization = items.find((item) => item.email === email)
  expect(organization?.status).toBe('pending')
  const approved = await fetch(`${baseUrl}/api/admin/organizations/${organization?.id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ status: 'approved' }),
  })
  expect(approved.status).toBe(200)
}

/** The messages a citizen's device receives (GET /api/citizen/notifications). */
export async function citizenNotifications(baseUrl: string, citizenToken: string) {
  const res = await fetch(`${baseUrl}/api/citizen/notifications`, {
    headers: { 'x-citizen-token': citizenToken },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { items: { title: string; message: string; anonymous_code: string | null }[] }
}
