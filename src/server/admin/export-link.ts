import { createHmac } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import { type AdminReportFilters, adminReportFiltersSchema, EXPORT_LINK_TTL_S } from '../../domain/admin'

const ISSUER = 'alertes-urbaines'
// Its own audience and its own key: an export link is never a session, nor a session an export link.
const AUDIENCE = 'alertes-urbaines-export'
const ALGORITHM = 'HS256'

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
  const key = createHmac('sha256', secret).update('alertes-urbaines/export-link').digest()
  return {
    async sign(grant, now) {
      const issuedAt = Math.floor(now.getTime() / 1000)
      const expiresAt = issuedAt + EXPORT_LINK_TTL_S
      const token = await new SignJWT({ filters: grant.filters })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(grant.adminId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key)
      return { token, expiresAt: new Date(expiresAt * 1000) }
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
          requiredClaims: ['sub', 'iat', 'exp'],
        })
        const filters = adminReportFiltersSchema.safeParse(payload.filters ?? {})
        if (!payload.sub || !filters.success) return null
        return { adminId: payload.sub, filters: filters.data }
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null
        throw error
      }
    },
  }
}
