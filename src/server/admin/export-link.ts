import { z } from 'zod'
import { type AdminReportFilters, adminReportFiltersSchema, EXPORT_LINK_TTL_S } from '../../domain/admin'
import { createSignedLinks } from '../auth/signed-links'

export interface ExportGrant {
  adminId: string
  filters: AdminReportFilters
}

export interface ExportLinks {
  /** A signed token naming the administrator and the filters, valid EXPORT_LINK_TTL_S seconds. */
  sign(grant: ExportGrant, now: Date): Promise<{ token: string; expiresAt: Date }>
  /** The grant of a valid token, or null for anything else (expired, forged, malformed). */
  verify(token: string, now: Date): Promise<ExportGrant | null>
}

/**
 * Signed export links let the browser download a CSV by a plain navigation, which cannot carry
 * the bearer header, so that a large export streams to disk instead of into the page's memory.
 */
export function createExportLinks(secret: string): ExportLinks {
  const links = createSignedLinks(secret, {
    purpose: 'export',
    ttlS: EXPORT_LINK_TTL_S,
    claims: z.object({ filters: adminReportFiltersSchema }),
  })
  return {
    sign: (grant, now) => links.sign(grant.adminId, { filters: grant.filters }, now),
    async verify(token, now) {
      const verified = await links.verify(token, now)
      return verified && { adminId: verified.subject, filters: verified.claims.filters }
    },
  }
}
