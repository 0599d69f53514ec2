import { randomInt } from 'node:crypto'
import { COMMUNES } from '../../src/domain/communes'
import { ANONYMOUS_CODE_ALPHABET } from '../../src/domain/report-states'
import type { E2eServer } from './server'

/**
 * A report filed by SMS in Médina, written straight into the database: its point the commune's
 * centre. Its code is new at each run (a retried test finds the first run's report there), of
 * the codes' own letters: a search finds it by its start.
 */
export async function insertSmsReportInMedina(
  server: E2eServer,
  fields: { categoryName: string; description: string },
): Promise<{ code: string }> {
  const medina = COMMUNES.findIndex((commune) => commune.name === 'Médina')
  const { latitude, longitude } = COMMUNES[medina] ?? { latitude: 0, longitude: 0 }
  const code = `SMS${Array.from({ length: 5 }, () => ANONYMOUS_CODE_ALPHABET[randomInt(ANONYMOUS_CODE_ALPHABET.length)]).join('')}`
  await server.insertReport({
    anonymous_code: code,
    ...fields,
    latitude,
    longitude,
    area_id: medina + 1,
    channel: 'sms',
    location_precision: 'commune',
  })
  return { code }
}
