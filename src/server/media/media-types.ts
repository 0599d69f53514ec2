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
