// The API answered at the network boundary, for the component tests of every area: fetch
// replies by request, every call is recorded, and an unexpected request fails the test loudly.
import { configure } from '@testing-library/react'
import { vi } from 'vitest'

// Each screen's code is fetched on demand by the router: on a busy machine the first look at a
// screen can take longer than the default second.
configure({ asyncUtilTimeout: 5000 })

/** An answer: a status and a JSON body, no answer at all, or no network. */
export type Reply = { status: number; body?: unknown } | 'pending' | 'offline'

export interface ApiCall {
  method: string
  /** As requested, path and query: "/api/admin/reports?page=2". */
  url: string
  path: string
  search: URLSearchParams
  /** The JSON body, parsed; a multipart or empty body is left undefined. */
  body: unknown
  headers: Headers
  authorization: string | null
}

export type Answer = Reply | ((call: ApiCall) => Reply | Promise<Reply>)

/**
 * Stubs fetch. Replies are found by "METHOD /path?query", then "METHOD /path", then "/path" for
 * a GET. Returns the mock, the recorded calls and `callsTo(method, path)`.
 */
export function stubApi(replies: Record<string, Answer>) {
  const calls: ApiCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const parsed = new URL(url, 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const headers = new Headers(init?.headers)
    const call: ApiCall = {
      method,
      url,
      path: parsed.pathname,
      search: parsed.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
      authorization: headers.get('authorization'),
    }
    calls.push(call)
    const answer =
      replies[`${method} ${parsed.pathname}${parsed.search}`] ??
      replies[`${method} ${parsed.pathname}`] ??
      (method === 'GET' ? replies[parsed.pathname] : undefined)
    if (!answer) throw new TypeError(`unexpected request ${method} ${url}`)
    const reply = typeof answer === 'function' ? await answer(call) : answer
    if (reply === 'pending') return new Promise<Response>(() => {})
    if (reply === 'offline') throw new TypeError('Failed to fetch')
    return new Response(
      reply.status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body),
      {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      },
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  }
}

/** The API's error body: `{ error: { code, message, field? } }`. */
export function apiError(
  status: number,
  code: string,
  message: string,
  field?: string,
  reason?: string,
): Reply {
  return {
    status,
    body: { error: { code, message, ...(field ? { field } : {}), ...(reason ? { reason } : {}) } },
  }
}

/** A 200 answer holding one page of a list; a search's page may add its cap and cursors. */
export function pageReply<T>(
  items: T[],
  {
    total = items.length,
    page = 1,
    pageSize = 10,
    ...search
  }: {
    total?: number
    page?: number
    pageSize?: number
    totalCapped?: boolean
    next?: string
    previous?: string
  } = {},
): Reply {
  return { status: 200, body: { items, total, page, pageSize, ...search } }
}
