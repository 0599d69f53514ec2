// Citizens filing reports under load, without and with a photo, then the home's recent reports
// right after. Last of a run: every filing empties the read cache.
import type autocannon from 'autocannon'
import { nextForwardedAddress } from '../../src/server/test/server-process'
import { BENCH_DESCRIPTION } from '../generate-dataset'
import type { Measure } from './figures'
import { measure } from './load'
import type { BenchRun } from './server'

async function smallJpeg(): Promise<Buffer> {
  const sharp = (await import('sharp')).default
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer()
}

function multipart(fields: Record<string, string>, photo: Buffer | null) {
  const boundary = '----alertesbench'
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  )
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    ...(photo
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          photo,
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from(`--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Without a photo, what the database does for a filing (the row, its history, the count tables, the indexes) is most of its time. */
export async function measureFilings({
  load,
  server: { base },
  bareRequestsPerSecond: ref,
}: BenchRun): Promise<Measure[]> {
  const fields = {
    categoryId: '1',
    description: BENCH_DESCRIPTION,
    latitude: '14.7',
    longitude: '-17.45',
  }
  const filing = (form: ReturnType<typeof multipart>): autocannon.Options => ({
    url: `${base}/api/reports`,
    requests: [
      {
        method: 'POST',
        body: form.body,
        headers: { 'content-type': form.contentType },
        setupRequest: (request) => {
          // One address per report: the per-address limit of filings is not what is measured.
          request.headers = { ...request.headers, 'x-forwarded-for': nextForwardedAddress() }
          return request
        },
      },
    ],
  })
  return [
    await measure(load, 'POST /api/reports (without a photo)', filing(multipart(fields, null)), ref, {
      note: 'the database’s share of a filing',
    }),
    await measure(
      load,
      'POST /api/reports (with a small photo)',
      filing(multipart(fields, await smallJpeg())),
      ref,
      {
        note: 'each one re-encodes the photo and makes a thumbnail (sharp)',
      },
    ),
    await measure(
      load,
      'GET /api/reports/recent (right after the filings)',
      { url: `${base}/api/reports/recent` },
      ref,
    ),
  ]
}
