import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { useRetryUnlessRefused } from './retry-policy'

function retryWith(retry: number | boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(() => useRetryUnlessRefused(), { wrapper }).result.current
}

describe('useRetryUnlessRefused', () => {
  it('never asks again after a refusal, such as a device the server does not know', () => {
    const retry = retryWith(3)
    expect(retry(0, new ApiError('not_authenticated', 'Cet appareil n’est pas reconnu.', 401))).toBe(false)
    expect(retry(0, new ApiError('not_found', 'Introuvable', 404))).toBe(false)
  })

  it('keeps the app’s retries for network cuts and server failures', () => {
    const retry = retryWith(3)
    expect(retry(0, new ApiError('network_error', 'Erreur de connexion.', 0))).toBe(true)
    expect(retry(2, new ApiError('internal', 'Erreur interne', 500))).toBe(true)
    expect(retry(3, new ApiError('internal', 'Erreur interne', 500))).toBe(false)
    expect(retryWith(false)(0, new Error('offline'))).toBe(false)
  })
})
