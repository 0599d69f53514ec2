// Writes the installable app's icons (public/icons/) from public/favicon.svg. The PNGs are
// committed; run again after changing the logo: `npx tsx scripts/development/generate-pwa-icons.ts`.
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const root = path.resolve(import.meta.dirname, '../..')
const svg = readFileSync(path.join(root, 'public/favicon.svg'))
const out = path.join(root, 'public/icons')
mkdirSync(out, { recursive: true })

const BRAND_GREEN = '#15803d'

async function plain(size: number) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, `icon-${size}.png`))
}

/**
 * A "maskable" icon: the launcher may crop it to a circle or a squircle, so the logo stays
 * inside the central 80 % (the safe zone) on a full green square.
 */
async function maskable(size: number) {
  const inner = Math.round(size * 0.72)
  const logo = await sharp(svg, { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer()
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND_GREEN } })
    .composite([{ input: logo, gravity: 'center' }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, `maskable-${size}.png`))
}

await plain(192)
await plain(512)
await maskable(192)
await maskable(512)
console.log(`icons written to ${path.relative(root, out)}`)
