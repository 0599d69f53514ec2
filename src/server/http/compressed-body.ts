import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyReply } from 'fastify'

/** A body kept for many answers, with its compressed copies made once. */
export interface CompressedBody {
  text: string
  br: Buffer | null
  gzip: Buffer | null
}

/** Below this size a compressed copy saves less than its headers cost. */
const COMPRESSION_THRESHOLD_BYTES = 1024
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip']

export function compressBody(text: string): CompressedBody {
  if (Buffer.byteLength(text) < COMPRESSION_THRESHOLD_BYTES) return { text, br: null, gzip: null }
  return {
    text,
    // Quality 6: a body made again after each report must not cost the server more than it saves.
    br: brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip: gzipSync(text),
  }
}

/** Sends the copy the client accepts, brotli first (as @fastify/static does for the assets). */
export function sendCompressed(reply: FastifyReply, body: CompressedBody): FastifyReply {
  const varies = reply.getHeader('vary')
  reply.header('vary', varies ? `${varies}, accept-encoding` : 'accept-encoding')
  if (!body.br) return reply.send(body.text)
  const encoding = negotiate(String(reply.request.headers['accept-encoding'] ?? ''), ENCODINGS)
  if (!encoding) return reply.send(body.text)
  return reply.header('content-encoding', encoding).send(body[encoding])
}
