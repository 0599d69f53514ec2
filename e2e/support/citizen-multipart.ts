// Reads back a multipart/form-data body as the browser sent it: each part's type and bytes.

export interface MultipartPart {
  type: string | undefined
  fileName: string | undefined
  data: Buffer
}

export function multipartParts(body: Buffer, contentType: string): Map<string, MultipartPart> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1]
  if (!boundary) throw new Error(`not a multipart body: ${contentType}`)
  const parts = new Map<string, MultipartPart>()
  const delimiter = Buffer.from(`--${boundary}`)
  let start = body.indexOf(delimiter)
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length)
    if (next === -1) break
    // Each part: CRLF after the delimiter, headers, a blank line, the bytes, CRLF before the next.
    const part = body.subarray(start + delimiter.length + 2, next - 2)
    const headerEnd = part.indexOf('\r\n\r\n')
    const headers = part.subarray(0, headerEnd).toString('utf8')
    const name = /name="([^"]+)"/.exec(headers)?.[1]
    if (name) {
      parts.set(name, {
        type: /content-type: (.+)/i.exec(headers)?.[1]?.trim(),
        fileName: /filename="([^"]+)"/.exec(headers)?.[1],
        data: part.subarray(headerEnd + 4),
      })
    }
    start = next
  }
  return parts
}
