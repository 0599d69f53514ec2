import { and, eq, or } from 'drizzle-orm'
import { z } from 'zod'
import { MEDIA_LINK_TTL_S } from '../../domain/admin-rules'
import type { ResolutionPhoto } from '../../domain/report'
import { isPublicStatus, statusesOfKind } from '../../domain/report-states'
import { loadPrincipal, mayAct } from '../auth/principals'
import { createSignedLinks, type SignedLinks } from '../auth/signed-links'
import type { Db } from '../db/database'
import { reports } from '../db/schema'
import { isOneOf } from '../db/values'

/**
 * Who may fetch a stored photo or voice note. Their names are random (128 bits), given only to
 * those who may see the report; once a report is rejected (spam, abuse, a face or a voice that
 * should not be there), its files are served to administrators only, through links signed for
 * one administrator and one file.
 */
export type MediaLinks = SignedLinks<{ file: string }>

export function createMediaLinks(secret: string): MediaLinks {
  return createSignedLinks(secret, {
    purpose: 'media',
    ttlS: MEDIA_LINK_TTL_S,
    claims: z.object({ file: z.string() }),
  })
}

/** Whether the file at this address belongs to a rejected report (partial indexes of migration 0004). */
export async function isRejectedReportFile(db: Db, fileUrl: string): Promise<boolean> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        isOneOf(reports.status, statusesOfKind('hidden')),
        or(
          eq(reports.photo_url, fileUrl),
          eq(reports.photo_thumb_url, fileUrl),
          eq(reports.audio_url, fileUrl),
          eq(reports.resolution_photo_url, fileUrl),
          eq(reports.resolution_photo_thumb_url, fileUrl),
        ),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** Whether this token lets its bearer fetch this file: signed for it, by an administrator still active. */
export async function mayFetchRejectedFile(
  db: Db,
  links: MediaLinks,
  input: { fileUrl: string; token: string | undefined; now: Date },
): Promise<boolean> {
  if (!input.token) return false
  const grant = await links.verify(input.token, input.now)
  if (!grant || grant.claims.file !== input.fileUrl) return false
  const admin = await loadPrincipal(db, 'admin', grant.subject)
  return admin !== null && mayAct(admin)
}

interface WithMedia {
  status: string
  photo_url: string | null
  photo_thumb_url: string | null
  audio_url: string | null
  /** The photo of the fix, where the caller gives it. */
  resolution?: ResolutionPhoto | null
}

/** The report as an administrator sees it: a rejected report's files by links signed for them. */
export async function withAdminMediaLinks<T extends WithMedia>(
  links: MediaLinks,
  adminId: string,
  report: T,
  now: Date,
): Promise<T> {
  if (isPublicStatus(report.status)) return report
  const signed = async (url: string | null) =>
    url && `${url}?token=${(await links.sign(adminId, { file: url }, now)).token}`
  return {
    ...report,
    photo_url: await signed(report.photo_url),
    photo_thumb_url: await signed(report.photo_thumb_url),
    audio_url: await signed(report.audio_url),
    resolution: report.resolution && {
      ...report.resolution,
      photo_url: (await signed(report.resolution.photo_url)) ?? '',
      thumb_url: (await signed(report.resolution.thumb_url)) ?? '',
    },
  }
}

/** The report as an organisation sees it: nothing of a rejected report's files. */
export function withoutRejectedMedia<T extends WithMedia>(report: T): T {
  if (isPublicStatus(report.status)) return report
  return { ...report, photo_url: null, photo_thumb_url: null, audio_url: null, resolution: null }
}
