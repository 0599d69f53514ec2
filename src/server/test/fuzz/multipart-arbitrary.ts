// Multipart bodies for POST /api/reports: the fields of the domain schema (valid or broken), real
// and fake files, and bodies that are not well-formed multipart at all.
import fc from 'fast-check'
import { hostileString } from './hostile-values'

export interface RawPart {
  name: string
  value: Buffer
  filename?: string
  contentType?: string
}

export interface MultipartRequest {
  payload: Buffer
  contentType: string
}

export interface SampleFiles {
  png: Buffer
  jpeg: Buffer
  webm: Buffer
  mp3: Buffer
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value) ?? ''
  return String(value)
}

/** Bytes that claim to be a photo or a voice note, and mostly are not. */
export function fileBytes(samples: SampleFiles): fc.Arbitrary<Buffer> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(samples.png, samples.jpeg, samples.webm, samples.mp3), weight: 4 },
    { arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)), weight: 2 },
    {
      // A real header followed by garbage, or a real file cut short.
      arbitrary: fc
        .tuple(fc.constantFrom(samples.png, samples.jpeg, samples.webm), fc.integer({ min: 1, max: 200 }))
        .map(([file, cut]) => file.subarray(0, Math.max(1, file.length - cut))),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(
        Buffer.alloc(0),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        Buffer.from('%PDF-1.4\n'),
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(64, 0xff),
        ]),
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(128)]),
        Buffer.from('GIF89a\x01\x00\x01\x00'),
      ),
      weight: 2,
    },
    // Just past the upload limit (10 MB): must be a 413, never a crash.
    { arbitrary: fc.constant(Buffer.alloc(10 * 1024 * 1024 + 1, 7)), weight: 1 },
  )
}

function encodeParts(parts: RawPart[], boundary: string, closed = true): Buffer {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const filename = part.filename !== undefined ? `; filename="${part.filename}"` : ''
    const type = part.contentType !== undefined ? `\r\nContent-Type: ${part.contentType}` : ''
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      part.value,
      Buffer.from('\r\n'),
    )
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

/**
 * Multipart requests: fields from `fields` (an arbitrary of the schema's objects, valid or
 * broken), optional photo and voice note, then one structural twist at times.
 */
export function multipartArbitrary(
  fields: fc.Arbitrary<unknown>,
  samples: SampleFiles,
): fc.Arbitrary<MultipartRequest> {
  const file = fc.record(
    {
      filename: fc.oneof(
        fc.constantFrom('photo.jpg', 'note.webm', '../../etc/passwd', 'a"b.png', 'x.svg', 'é.png', ''),
        hostileString.map((name) => name.slice(0, 200).replace(/["\r\n]/g, '')),
      ),
      contentType: fc.constantFrom(
        'image/jpeg',
        'image/png',
        'audio/webm',
        'text/html',
        'image/svg+xml',
        'application/octet-stream',
        '',
      ),
      value: fileBytes(samples),
    },
    { requiredKeys: ['value'] },
  )
  const parts = fc
    .tuple(
      fields,
      fc.option(file, { nil: undefined, freq: 2 }),
      fc.option(file, { nil: undefined, freq: 3 }),
      fc.array(
        fc.record({
          name: fc.oneof(
            fc.constantFrom('photo', 'audio', 'description', 'video', ''),
            fc.string({ maxLength: 10 }),
          ),
          value: fileBytes(samples),
          filename: fc.constant('x.bin'),
        }),
        { maxLength: 2 },
      ),
    )
    .map(([values, photo, audio, extraFiles]) => {
      const list: RawPart[] = []
      if (values && typeof values === 'object' && !Array.isArray(values)) {
        for (const [name, value] of Object.entries(values)) {
          list.push({ name: name.replace(/["\r\n]/g, ''), value: Buffer.from(fieldText(value)) })
        }
      } else {
        list.push({ name: 'description', value: Buffer.from(fieldText(values)) })
      }
      if (photo)
        list.push({
          name: 'photo',
          filename: photo.filename ?? 'photo.jpg',
          contentType: photo.contentType,
          value: photo.value,
        })
      if (audio)
        list.push({
          name: 'audio',
          filename: audio.filename ?? 'note.webm',
          contentType: audio.contentType,
          value: audio.value,
        })
      for (const extra of extraFiles) list.push({ ...extra, name: extra.name.replace(/["\r\n]/g, '') })
      return list
    })

  const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/)
  const wellFormed = fc.tuple(parts, boundary).map(([list, b]) => ({
    payload: encodeParts(list, b),
    contentType: `multipart/form-data; boundary=${b}`,
  }))
  const twisted = fc.tuple(parts, boundary, fc.integer({ min: 0, max: 9 })).map(([list, b, twist]) => {
    switch (twist) {
      case 0: // never closed
        return { payload: encodeParts(list, b, false), contentType: `multipart/form-data; boundary=${b}` }
      case 1: // another boundary than announced
        return { payload: encodeParts(list, `${b}x`), contentType: `multipart/form-data; boundary=${b}` }
      case 2: // no boundary at all
        return { payload: encodeParts(list, b), contentType: 'multipart/form-data' }
      case 3: // cut in the middle
        return {
          payload: encodeParts(list, b).subarray(0, Math.floor(encodeParts(list, b).length / 2)),
          contentType: `multipart/form-data; boundary=${b}`,
        }
      case 4: // every field twice
        return {
          payload: encodeParts([...list, ...list], b),
          contentType: `multipart/form-data; boundary=${b}`,
        }
      case 5: // too many parts
        return {
          payload: encodeParts(
            [...list, ...Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: Buffer.from('x') }))],
            b,
          ),
          contentType: `multipart/form-data; boundary=${b}`,
        }
      case 6: // a field bigger than a field may be
        return {
          payload: encodeParts([...list, { name: 'address', value: Buffer.alloc(20_000, 0x61) }], b),
          contentType: `multipart/form-data; boundary=${b}`,
        }
      case 7: // headers without a name
        return {
          payload: Buffer.from(
            `--${b}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${b}\r\nContent-Type: text/plain\r\n\r\ny\r\n--${b}--\r\n`,
          ),
          contentType: `multipart/form-data; boundary=${b}`,
        }
      case 8: // not multipart at all
        return {
          payload: Buffer.from(JSON.stringify({ categoryId: 1, latitude: 14.7, longitude: -17.4 })),
          contentType: `multipart/form-data; boundary=${b}`,
        }
      default: // multipart sent as something else
        return { payload: encodeParts(list, b), contentType: 'application/json' }
    }
  })
  return fc.oneof({ arbitrary: wellFormed, weight: 3 }, { arbitrary: twisted, weight: 2 })
}
