import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { resolveVapidKeys } from './vapid-keys'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'))
  dirs.push(dir)
  return dir
}

describe('resolveVapidKeys', () => {
  it('generates the keys once in DATA_DIR, readable by the server alone, and gives the same pair again', () => {
    const dir = dataDir()
    const first = resolveVapidKeys(undefined, 'mailto:contact@alertes.sn', dir)
    expect(resolveVapidKeys(undefined, 'mailto:contact@alertes.sn', dir)).toEqual(first)
    // Nothing but the keys is left: the whole copy they were written to is gone.
    expect(readdirSync(dir)).toEqual(['vapid-keys.json'])
    expect(statSync(path.join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600)
  })

  it('takes the keys another instance on the same DATA_DIR wrote first', () => {
    const dir = dataDir()
    const theirs = { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) }
    writeFileSync(path.join(dir, 'vapid-keys.json'), JSON.stringify(theirs), { mode: 0o600 })
    expect(resolveVapidKeys(undefined, 'mailto:contact@alertes.sn', dir)).toEqual({
      ...theirs,
      subject: 'mailto:contact@alertes.sn',
    })
  })

  it('uses the configured keys whatever DATA_DIR holds', () => {
    const configured = { publicKey: 'C'.repeat(87), privateKey: 'q'.repeat(43) }
    expect(resolveVapidKeys(configured, 'https://alertes.sn', dataDir())).toEqual({
      ...configured,
      subject: 'https://alertes.sn',
    })
  })
})
