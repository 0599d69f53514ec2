import { describe, expect, it } from 'vitest'
import { mayKeepPage } from './kept-pages'

const page = (headers: Record<string, string> = {}, status = 200) =>
  new Response('<!DOCTYPE html>', { status, headers: { 'content-type': 'text/html', ...headers } })

describe('the pages a phone keeps for offline use', () => {
  it('are the public ones', () => {
    expect(mayKeepPage('/', page())).toBe(true)
    expect(mayKeepPage('/signaler', page({ 'cache-control': 'public, max-age=0, must-revalidate' }))).toBe(
      true,
    )
  })

  it('are never a back-office screen, even one answered without a cache header', () => {
    for (const path of ['/admin', '/admin/reports', '/organization', '/organization/managed-reports']) {
      expect(mayKeepPage(path, page())).toBe(false)
    }
  })

  it('are never a page the server drew for a session, whatever its address', () => {
    expect(mayKeepPage('/', page({ 'cache-control': 'no-store, private' }))).toBe(false)
    expect(mayKeepPage('/suivi', page({ 'cache-control': 'private, max-age=0' }))).toBe(false)
    expect(mayKeepPage('/', page({ 'cache-control': 'No-Store' }))).toBe(false)
  })

  it('are never an error page', () => {
    expect(mayKeepPage('/', page({}, 503))).toBe(false)
  })
})
