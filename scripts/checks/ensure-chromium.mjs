// Browser tests need Debian's Chromium (Playwright cannot download its own browser here).
// Installs it when missing and we are root on Debian; otherwise says how.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Chromium is missing at ${chromium}: install it (apt-get install -y chromium) and run the tests again.`,
    )
    process.exit(1)
  }
  console.log('Installing Chromium from Debian (about 30 s)…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/bash',
  })
}
