// Small real files for upload tests: images made with sharp, and real recordings (fixtures/):
// - voice-note-chromium.webm and .m4a: 3 s recorded by Chromium's MediaRecorder from its fake
//   microphone (what the report form sends: WebM clusters of unknown size, no duration; MP4 in
//   fragments);
// - the others made with ffmpeg from a 440 Hz tone or silence, e.g.
//   `ffmpeg -f lavfi -i sine=frequency=440:duration=2 -ac 1 -c:a libopus -b:a 12k voice-note.ogg`
//   (libmp3lame 8k for .mp3, aac 12k for .m4a with +faststart and for .aac),
//   `ffmpeg -f lavfi -i anullsrc=r=48000:cl=mono -t 130 -c:a libopus -b:a 6k -frame_duration 120
//   -application voip voice-note-130s.webm` (and 121 s), and a 1 s 16×16 VP8 video with and
//   without a tone for video-only.webm and video-with-sound.webm.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name))

/** A 400×200 JPEG carrying GPS EXIF and an orientation that turns it upright as 200×400. */
export function jpegWithGpsExif(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '14/1 41/1 34/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '17/1 26/1 48/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

export function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#15803d' } })
    .png()
    .toBuffer()
}

/** What Chromium's report form sends. */
export const webmVoiceNote = fixture('voice-note-chromium.webm')
/** What Chromium would send if it preferred MP4: fragments, no duration in the header. */
export const fragmentedMp4VoiceNote = fixture('voice-note-chromium.m4a')
export const oggVoiceNote = fixture('voice-note.ogg')
export const mp3VoiceNote = fixture('voice-note.mp3')
/** AAC in MP4, as Safari records. */
export const m4aVoiceNote = fixture('voice-note.m4a')
export const aacVoiceNote = fixture('voice-note.aac')
/** The longest note the recorder makes: it stops on a tick just past 2 minutes. */
export const voiceNote121s = fixture('voice-note-121s.webm')
export const voiceNote130s = fixture('voice-note-130s.webm')
export const videoOnlyWebm = fixture('video-only.webm')
export const videoWithSoundWebm = fixture('video-with-sound.webm')

/** The first bytes of a WebM, an Ogg Opus and an MP3 and nothing after: what a type sniffer accepts. */
export const headerOnlyVoiceNotes = {
  webm: Buffer.concat([
    Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282847765626d42878104428581021853806701', 'hex'),
    Buffer.alloc(2048, 1),
  ]),
  ogg: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('OpusHead'), Buffer.alloc(512)]),
  mp3: Buffer.concat([Buffer.from('fffb9064', 'hex'), Buffer.alloc(1024)]),
}

export const htmlNamedJpg = Buffer.from(
  '<!doctype html><html><body><script>alert("x")</script></body></html>',
)
export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
)
