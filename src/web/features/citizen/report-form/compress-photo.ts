import { PHOTO_MAX_SIDE_PX, PHOTO_TARGET_BYTES } from '../../../../domain/report-filing-rules'

export interface CompressedPhoto {
  blob: Blob
  width: number
  height: number
  /** The size of the file the citizen picked, to show what compression saved. */
  originalBytes: number
}

/** Tried in turn until the photo fits PHOTO_TARGET_BYTES. */
const QUALITIES = [0.8, 0.7, 0.6, 0.5, 0.4] as const
/** When even the lowest quality is too big (a very detailed scene), the photo shrinks by this much. */
const SHRINK_STEP = 0.75
const MAX_SHRINKS = 3
const SENT_AS_IS = ['image/jpeg', 'image/png', 'image/webp']

type Drawable = ImageBitmap | HTMLImageElement

/**
 * Makes a camera photo fit a cheap data plan: longest side PHOTO_MAX_SIDE_PX, upright, WebP (JPEG
 * where the browser cannot write WebP), quality lowered until it is under PHOTO_TARGET_BYTES.
 * Uses the browser's own decoder and canvas: no library to download.
 */
export async function compressPhoto(file: Blob): Promise<CompressedPhoto> {
  const image = await decode(file)
  const sourceWidth = image.width
  const sourceHeight = image.height
  try {
    if (
      file.size <= PHOTO_TARGET_BYTES &&
      Math.max(sourceWidth, sourceHeight) <= PHOTO_MAX_SIDE_PX &&
      SENT_AS_IS.includes(file.type)
    ) {
      // Already small: re-encoding would only lose quality (the server removes its metadata).
      return { blob: file, width: sourceWidth, height: sourceHeight, originalBytes: file.size }
    }
    let scale = Math.min(1, PHOTO_MAX_SIDE_PX / Math.max(sourceWidth, sourceHeight))
    let smallest: CompressedPhoto | null = null
    for (let shrink = 0; shrink <= MAX_SHRINKS; shrink++) {
      const width = Math.max(1, Math.round(sourceWidth * scale))
      const height = Math.max(1, Math.round(sourceHeight * scale))
      const canvas = draw(image, width, height)
      for (const quality of QUALITIES) {
        const blob = await encode(canvas, quality)
        if (!smallest || blob.size < smallest.blob.size) {
          smallest = { blob, width, height, originalBytes: file.size }
        }
        if (blob.size <= PHOTO_TARGET_BYTES) return smallest
      }
      scale *= SHRINK_STEP
    }
    if (!smallest) throw new Error('photo could not be encoded')
    return smallest
  } finally {
    if ('close' in image) image.close()
  }
}

async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    // 'from-image' turns a phone photo upright according to its EXIF orientation.
    return createImageBitmap(file, { imageOrientation: 'from-image' })
  }
  const url = URL.createObjectURL(file)
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    return image
  } finally {
    URL.revokeObjectURL(url)
  }
}

function draw(image: Drawable, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no 2d canvas')
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, 0, 0, width, height)
  return canvas
}

let writesWebp: boolean | undefined

async function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  if (writesWebp !== false) {
    const webp = await toBlob(canvas, 'image/webp', quality)
    // A browser that cannot write WebP silently gives PNG instead.
    writesWebp = webp?.type === 'image/webp'
    if (webp && writesWebp) return webp
  }
  const jpeg = await toBlob(canvas, 'image/jpeg', quality)
  if (!jpeg) throw new Error('photo could not be encoded')
  return jpeg
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality))
}

/** The file name the upload gives the photo, after its type. */
export function photoFileName(photo: Blob): string {
  return photo.type === 'image/webp' ? 'photo.webp' : photo.type === 'image/png' ? 'photo.png' : 'photo.jpg'
}
