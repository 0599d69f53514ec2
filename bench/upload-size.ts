// `npx tsx bench/upload-size.ts`: how many bytes a citizen's phone uploads for a 4 MB camera
// photo and a 30-second voice note, measured on the real report form in Chromium: the app's own
// photo compression (canvas, WebP) and recording (MediaRecorder, Opus) on Chromium's fake
// microphone. Needs a build: dist/web (`npm run build`), or another one given as the argument
// (`npx tsx bench/upload-size.ts dist/web-x`, the same as E2E_WEB_DIR=dist/web-x).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { launchBrowser } from '../e2e/support/browser'
import { multipartParts } from '../e2e/support/citizen-multipart'
import { writeCameraPhoto } from '../e2e/support/citizen-photo'
import { startE2eServer } from '../e2e/support/server'
import { VOICE_NOTE_BITS_PER_SECOND } from '../src/domain/report-filing-rules'

const VOICE_NOTE_SECONDS = 30

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const [webDir] = process.argv.slice(2)
if (webDir) process.env.E2E_WEB_DIR = webDir

const workDir = mkdtempSync(path.join(tmpdir(), 'ua-upload-size-'))
const photoPath = path.join(workDir, 'IMG_camera.jpg')
const server = await startE2eServer()
const browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'])
try {
  const photoBytes = await writeCameraPhoto(photoPath)
  const context = await browser.newContext({
    locale: 'fr-FR',
    geolocation: { latitude: 14.6928, longitude: -17.4467 },
    permissions: ['geolocation', 'microphone', 'camera'],
  })
  await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204 }))
  const page = await context.newPage()
  await page.goto(`${server.url}/signaler`)

  await page.locator('label').filter({ hasText: 'Voirie' }).click()
  await page.getByLabel('Description').fill('Nid-de-poule profond devant l’école, les motos tombent.')
  const compressing = Date.now()
  await page.getByTestId('photo-camera-input').setInputFiles(photoPath)
  await page.getByRole('img', { name: 'Aperçu de la photo' }).waitFor({ timeout: 60_000 })
  const compressionMs = Date.now() - compressing

  await page.getByRole('button', { name: 'Enregistrer une note vocale' }).click()
  await page
    .getByText(`0:${String(VOICE_NOTE_SECONDS).padStart(2, '0')} / 2:00`)
    .waitFor({ timeout: (VOICE_NOTE_SECONDS + 15) * 1000 })
  await page.getByRole('button', { name: 'Arrêter' }).click()
  await page.locator('audio[aria-label="Écouter la note vocale"]').waitFor()

  const sent = page.waitForRequest((request) => request.url().endsWith('/api/reports'))
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
  const request = await sent
  await page.getByTestId('anonymous-code').waitFor()

  const body = request.postDataBuffer()
  if (!body) throw new Error('the browser did not expose the upload body')
  const parts = multipartParts(body, request.headers()['content-type'] ?? '')
  const photo = parts.get('photo')
  const audio = parts.get('audio')
  if (!photo || !audio) throw new Error('the upload lacks the photo or the voice note')

  console.log(`camera photo picked:           ${kb(photoBytes)} (4032×3024 JPEG)`)
  console.log(
    `photo uploaded:                ${kb(photo.data.length)} (${photo.type}, compressed in ${compressionMs} ms)`,
  )
  console.log(
    `voice note uploaded:           ${kb(audio.data.length)} (${audio.type}, ${VOICE_NOTE_SECONDS} s at ${VOICE_NOTE_BITS_PER_SECOND / 1000} kb/s asked)`,
  )
  console.log(`multipart body uploaded:       ${kb(body.length)} (${body.length} bytes)`)
  console.log(`saved against the raw photo:   ${((1 - body.length / photoBytes) * 100).toFixed(1)} %`)
} finally {
  await browser.close()
  await server.stop()
  rmSync(workDir, { recursive: true, force: true })
}
