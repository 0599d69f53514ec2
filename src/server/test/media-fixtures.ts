// Small real files for upload tests: images made with sharp, audio files reduced to the headers
// that identify their container.
import sharp from 'sharp'

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

export const webmVoiceNote = Buffer.concat([
  Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282847765626d42878104428581021853806701', 'hex'),
  Buffer.alloc(2048, 1),
])
export const oggVoiceNote = Buffer.concat([
  Buffer.from('OggS'),
  Buffer.alloc(24),
  Buffer.from('OpusHead'),
  Buffer.alloc(512),
])
export const mp3VoiceNote = Buffer.concat([Buffer.from('fffb9064', 'hex'), Buffer.alloc(1024)])

export const htmlNamedJpg = Buffer.from(
  '<!doctype html><html><body><script>alert("x")</script></body></html>',
)
export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
)
