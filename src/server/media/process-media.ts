import { fileTypeFromBuffer } from 'file-type'
import {
  ADTS,
  type AudioCodec,
  BufferSource,
  EncodedPacketSink,
  Input,
  type InputFormat,
  MP3,
  MP4,
  OGG,
  WEBM,
} from 'mediabunny'
import sharp from 'sharp'
import type { MessageReason } from '../../domain/messages'
import {
  ACCEPTED_PHOTO_TYPES,
  PHOTO_MAX_SIDE_PX,
  VOICE_NOTE_MARGIN_SECONDS,
  VOICE_NOTE_MAX_SECONDS,
} from '../../domain/report-filing'
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
      reason: 'filing.photoType',
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
      reason: 'filing.photoType',
      field: 'photo',
    })
  }
}

/**
 * The containers a voice note may come in, read by mediabunny (which follows a browser's own
 * recordings: Chrome's MediaRecorder writes WebM clusters of unknown size and no duration), with
 * the extension each is stored under.
 */
const VOICE_NOTE_CONTAINERS = new Map<InputFormat, StoredExtension>([
  [WEBM, 'webm'],
  [OGG, 'ogg'],
  [MP4, 'm4a'],
  [ADTS, 'aac'],
  [MP3, 'mp3'],
])
/** Codecs every phone plays. */
const VOICE_NOTE_CODECS: readonly (AudioCodec | null)[] = ['opus', 'vorbis', 'aac', 'mp3']

type VoiceNoteReading = { extension: StoredExtension; seconds: number } | 'notAudio' | 'empty'

/**
 * A voice note read as a player would: one audio track in an accepted codec and nothing else (no
 * video), with packets, and its length from first packet to last (not a header's word).
 */
async function readVoiceNote(bytes: Buffer): Promise<VoiceNoteReading> {
  const input = new Input({ source: new BufferSource(bytes), formats: [...VOICE_NOTE_CONTAINERS.keys()] })
  try {
    const extension = VOICE_NOTE_CONTAINERS.get(await input.getFormat())
    const tracks = await input.getTracks()
    const [track] = tracks
    if (
      !extension ||
      tracks.length !== 1 ||
      !track?.isAudioTrack() ||
      !VOICE_NOTE_CODECS.includes(track.codec)
    )
      return 'notAudio'
    if (!(await new EncodedPacketSink(track).getFirstPacket())) return 'empty'
    // A track may start before zero: its whole span counts.
    const seconds = (await track.computeDuration()) - Math.min(0, await track.getFirstTimestamp())
    return { extension, seconds }
  } finally {
    input.dispose()
  }
}

/**
 * A voice note decoded from its container, not trusted by its first bytes: WebM or Ogg (Opus,
 * Vorbis), MP4 or ADTS (AAC), MP3, holding real audio of at most VOICE_NOTE_MAX_SECONDS (and a
 * small margin). Returns the extension to store it under.
 */
export async function checkVoiceNote(bytes: Buffer): Promise<StoredExtension> {
  // Bytes the reader cannot follow (an unknown or broken container) are not a voice note.
  const reading = await readVoiceNote(bytes).catch((): VoiceNoteReading => 'notAudio')
  const refuse = (reason: MessageReason) => new AppError('unsupported_media_type', { reason, field: 'audio' })
  if (reading === 'notAudio') throw refuse('filing.audioType')
  if (reading === 'empty' || !(reading.seconds > 0)) throw refuse('filing.audioEmpty')
  if (reading.seconds > VOICE_NOTE_MAX_SECONDS + VOICE_NOTE_MARGIN_SECONDS)
    throw refuse('filing.audioTooLong')
  return reading.extension
}
