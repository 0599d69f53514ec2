import type { ResolutionPhoto } from '../../domain/report'
import type { reports } from '../db/schema'
import { toIso } from '../db/values'

type ResolutionColumns = Pick<
  typeof reports.$inferSelect,
  'resolution_photo_url' | 'resolution_photo_thumb_url' | 'resolution_note' | 'resolution_photo_at'
>

/** The photo of the fix as the API gives it (issue 29), null while there is none. */
export function resolutionOf(row: ResolutionColumns): ResolutionPhoto | null {
  if (!row.resolution_photo_url || !row.resolution_photo_thumb_url || !row.resolution_photo_at) return null
  return {
    photo_url: row.resolution_photo_url,
    thumb_url: row.resolution_photo_thumb_url,
    note: row.resolution_note,
    created_at: toIso(row.resolution_photo_at),
  }
}
