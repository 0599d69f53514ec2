import { STORED_FILE_NAMES } from '../../domain/report-filing-rules'

/** Every kind of file we store: its extension on disk and the type it is served with. */
export const STORED_MEDIA = {
  webp: 'image/webp',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  mp3: 'audio/mpeg',
} as const
export type StoredExtension = keyof typeof STORED_MEDIA

export function servedType(fileName: string): string | undefined {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1)
  return Object.hasOwn(STORED_MEDIA, extension) ? STORED_MEDIA[extension as StoredExtension] : undefined
}

/**
 * The name a stored file is saved under from the browser: a fixed ASCII name for its kind and its
 * extension, never its random stored name (nor anything an uploader chose).
 */
export function downloadName(fileName: string): string | undefined {
  const type = servedType(fileName)
  if (!type) return undefined
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1)
  return `${type.startsWith('image/') ? STORED_FILE_NAMES.photo : STORED_FILE_NAMES.voiceNote}.${extension}`
}
