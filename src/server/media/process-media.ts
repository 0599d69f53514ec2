import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { ACCEPTED_PHOTO_TYPES, PHOTO_MAX_SIDE_PX, REPORT_FILING_MESSAGES } from '../../domain/report-filing'
import { AppError } from '../errors'
import type { StoredExtension } from './media-types'

const THUMBNAIL_SIDE_PX = 320

export interface ProcessedPhoto {
  photo: Buffer
  thumbnail: Buffer
}

/**
 * A photo recognised by its bytes (JPEG, PNG, WebP), re-encoded so that EXIF and GPS metadata
 * are gone and the orientation is applied, with a small thumbnail for lists.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const detected = await fileTypeFromBuffer(bytes)
  if (!detected || !(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(detected.mime)) {
    throw new AppError('unsupported_media_type', {
      message: REPORT_FILING_MESSAGES.photoType,
      field: 'photo',
    })
  }
  try {
    // sharp drops every metadata block unless asked to keep it; rotate() applies the orientation.
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 60_000_000 }).rotate()
    const [photo, thumbnail] = await Promise.all([
      image
        .clone()
        .resize({
          width: PHOTO_MAX_SIDE_PX,
          height: PHOTO_MAX_SIDE_PX,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer(),
      image
        .clone()
        .resize({ width: THUMBNAIL_SIDE_PX, height: THUMBNAIL_SIDE_PX, fit: 'cover' })
        .webp({ quality: 70 })
        .toBuffer(),
    ])
    return { photo, thumbnail }
  } catch {
    // Bytes that start like an image but do not decode.
    throw new AppError('unsupported_media_type', {
      message: REPORT_FILING_MESSAGES.photoType,
      field: 'photo',
    })
  }
}

// file-type names containers, not codecs: a WebM or MP4 from a recorder may say "video".
const AUDIO_BY_DETECTED_EXTENSION: Record<string, StoredExtension> = {
  webm: 'webm',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  m4a: 'm4a',
  mp4: 'm4a',
  aac: 'aac',
  mp3: 'mp3',
}

/** A voice note recognised by its bytes: WebM/Ogg Opus, MP4/AAC or MPEG. Returns its extension. */
export async function checkVoiceNote(bytes: Buffer): Promise<StoredExtension> {
  const detected = await fileTypeFromBuffer(bytes)
  const extension = detected ? AUDIO_BY_DETECTED_EXTENSION[detected.ext] : undefined
  if (!extension) {
    throw new AppError('unsupported_media_type', {
      message: REPORT_FILING_MESSAGES.audioType,
      field: 'audio',
    })
  }
  return extension
}
