// A camera-like photo for the upload tests and the upload-size benchmark: 12 megapixels
// (4032×3024), a sky over a textured wall and road, with sensor noise and detail at several
// scales (as foliage, bricks and gravel give), about 4 MB of JPEG carrying GPS EXIF as a phone
// writes it. Generated rather than committed, so the repository stays light; the same seed
// gives the same bytes.
import { writeFile } from 'node:fs/promises'
import sharp from 'sharp'

const WIDTH = 4032
const HEIGHT = 3024
/** Amplitudes of the noise per pixel and of the texture in 4, 16 and 64 px cells. */
const PIXEL_NOISE = 22
const TEXTURE = [
  { cell: 4, amplitude: 40 },
  { cell: 16, amplitude: 50 },
  { cell: 64, amplitude: 40 },
]

export async function cameraPhoto(): Promise<Buffer> {
  let seed = 42
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff - 0.5
  }
  const layers = TEXTURE.map(({ cell, amplitude }) => {
    const columns = Math.ceil(WIDTH / cell) + 1
    const values = Float32Array.from(
      { length: columns * (Math.ceil(HEIGHT / cell) + 1) },
      () => random() * amplitude,
    )
    return (x: number, y: number) => values[Math.floor(y / cell) * columns + Math.floor(x / cell)] ?? 0
  })
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3)
  for (let y = 0; y < HEIGHT; y++) {
    const sky = y < HEIGHT * 0.35
    const base = sky ? [120 + y / 30, 160 + y / 40, 220] : y < HEIGHT * 0.7 ? [150, 120, 100] : [90, 88, 92]
    for (let x = 0; x < WIDTH; x++) {
      let texture = 0
      for (const layer of layers) texture += layer(x, y)
      const value = random() * PIXEL_NOISE + (sky ? 0.2 : 1) * texture
      const i = (y * WIDTH + x) * 3
      for (let c = 0; c < 3; c++) raw[i + c] = Math.max(0, Math.min(255, (base[c] ?? 0) + value))
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'CameraDeTest', Model: 'Téléphone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '14/1 41/1 34/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '17/1 26/1 48/1',
      },
    })
    .toBuffer()
}

/** Writes the photo to `path` and returns its size in bytes. */
export async function writeCameraPhoto(path: string): Promise<number> {
  const photo = await cameraPhoto()
  await writeFile(path, photo)
  return photo.length
}
