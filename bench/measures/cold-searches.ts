// First-time searches and deep pages, one at a time or a few at once: what nothing cached can
// answer, each search asked once (its total is kept by the read cache afterwards).
import { type ColdFigures, coldFigures, type Kind, log } from './figures'
import {
  type BenchRun,
  bearer,
  SEARCHING_ORGANIZATIONS,
  ZONE_OF_TWO_COMMUNES,
  ZONED_ORGANIZATIONS,
} from './server'

/**
 * What agents type, asked once each: words of the generated descriptions from common to rare,
 * words without their accents, starts of words, communes, several words, a street, the start of a
 * code (the generated codes start with "Z2").
 */
const SEARCH_WORDS = [
  'route',
  'panne',
  'trottoir',
  'lampadaire',
  'ordures',
  'caniveau',
  'eaux',
  'arbre',
  'chaussee',
  'eclairage',
  'nuit',
  'ecole',
  'lampad',
  'chauss',
  'medina',
  'pikine',
  'nid de poule',
  'danger la nuit',
  'rue 12',
  'z2a2',
]
/** Words of the generated descriptions that SEARCH_WORDS lack, asked untimed before them. */
const WARM_UP_WORDS = ['sable', 'goudron']
const SEARCH_STATUSES = ['all', 'en-attente', 'en-cours', 'resolu']
const SEARCH_PRIORITIES = ['low', 'normal', 'high', 'urgent']
/** Issue 19's budget for a first-time search at a million reports, p95 in ms. */
const SEARCH_ALONE_GOAL = { postgres: 50, pglite: 250 }
const SEARCH_AT_ONCE_GOAL = { postgres: 150 }
/** How many first-time searches run at once in the concurrent rows. */
const COLD_CONNECTIONS = 10

/** A request of the cold tables: its address and who asks (each organisation its own scope). */
interface ColdRequest {
  url: string
  headers: Record<string, string>
}

/** A row of the cold searches: what it asks for given the words, and how many at once. */
interface SearchRow {
  what: string
  requests: (words: string[]) => ColdRequest[]
  parallel: number
  goal: Partial<Record<Kind, number>>
}

/** The three slowest requests, by their query string and time. */
function slowestOf(timed: { ms: number; url: string }[]): string {
  return [...timed]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map(({ ms, url }) => `${decodeURIComponent(new URL(url).search)} ${ms.toFixed(0)} ms`)
    .join(', ')
}

/** Sends a request and reads its whole answer; an error status stops the bench. */
async function send(request: ColdRequest): Promise<void> {
  const res = await fetch(request.url, { headers: request.headers })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${request.url}: ${res.status}`)
}

/** Sends each request once, one at a time, untimed. */
async function sendEach(requests: ColdRequest[]): Promise<void> {
  for (const request of requests) await send(request)
}

/** Sends every request once, one at a time or `parallel` at once, and prints the figures. */
async function measureCold(
  what: string,
  requests: ColdRequest[],
  parallel = 1,
  goal?: Partial<Record<Kind, number>>,
): Promise<ColdFigures> {
  const times: number[] = []
  const timed: { ms: number; url: string }[] = []
  const queue = [...requests]
  const worker = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      const started = performance.now()
      await send(request)
      const ms = performance.now() - started
      times.push(ms)
      timed.push({ ms, url: request.url })
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  times.sort((a, b) => a - b)
  const figures = coldFigures(what, times, goal)
  log(
    `  cold: ${what.padEnd(80)} ${times.length} requests  p50 ${figures.p50.toFixed(1)}  p95 ${figures.p95.toFixed(1)}  max ${figures.max.toFixed(1)} ms (slowest: ${slowestOf(timed)})`,
  )
  return figures
}

/** The rows: the administrator's searches with each filter, and organisations' in their available reports. */
function searchRows({ server: { base }, sessions }: BenchRun): SearchRow[] {
  const q = encodeURIComponent
  const asAdmin = (url: string) => ({ url: `${base}${url}`, headers: bearer(sessions.adminToken) })
  /** Each word asked by the administrator with each value of one filter. */
  const adminSearches = (words: string[], filter: string, values: readonly (string | number)[]) =>
    words.flatMap((word) =>
      values.map((value) => asAdmin(`/api/admin/reports?q=${q(word)}&${filter}=${value}`)),
    )
  const half = SEARCHING_ORGANIZATIONS / 2
  const orgSearches = (orgs: Record<string, string>[], words: string[]) =>
    orgs.flatMap((headers) =>
      words.map((word) => ({ url: `${base}/api/org/reports/available?q=${q(word)}`, headers })),
    )
  return [
    {
      what: 'admin search, a word and a status asked for the first time, one at a time',
      requests: (words) => adminSearches(words, 'status', SEARCH_STATUSES),
      parallel: 1,
      goal: SEARCH_ALONE_GOAL,
    },
    {
      what: `admin search, a word and a priority asked for the first time, ${COLD_CONNECTIONS} at once`,
      requests: (words) => adminSearches(words, 'priority', SEARCH_PRIORITIES),
      parallel: COLD_CONNECTIONS,
      goal: SEARCH_AT_ONCE_GOAL,
    },
    {
      what: `organisation search in its available reports, asked for the first time, one at a time (${half} organisations)`,
      requests: (words) => orgSearches(sessions.searchingOrgs.slice(0, half), words),
      parallel: 1,
      goal: SEARCH_ALONE_GOAL,
    },
    {
      what: `organisation search in its available reports, asked for the first time, ${COLD_CONNECTIONS} at once (${half} other organisations)`,
      requests: (words) => orgSearches(sessions.searchingOrgs.slice(half), words),
      parallel: COLD_CONNECTIONS,
      goal: SEARCH_AT_ONCE_GOAL,
    },
    {
      what: 'admin search, a word and a commune asked for the first time, one at a time',
      requests: (words) => adminSearches(words, 'area', ZONE_OF_TWO_COMMUNES),
      parallel: 1,
      goal: SEARCH_ALONE_GOAL,
    },
    {
      what: `organisation search in its available reports, asked for the first time, one at a time (${ZONED_ORGANIZATIONS} town halls of two communes)`,
      requests: (words) => orgSearches(sessions.zonedOrgs, words),
      parallel: 1,
      goal: SEARCH_ALONE_GOAL,
    },
  ]
}

export async function measureColdSearches(run: BenchRun): Promise<ColdFigures[]> {
  const rows = searchRows(run)
  // Untimed first, with other words: a running server has compiled its search code and
  // opened its pool's connections long before a word is asked for the first time.
  for (const row of rows) await sendEach(row.requests(WARM_UP_WORDS))
  const figures: ColdFigures[] = []
  for (const row of rows)
    figures.push(await measureCold(row.what, row.requests(SEARCH_WORDS), row.parallel, row.goal))
  // Pages of the middle of the whole list, each asked once.
  const { base } = run.server
  figures.push(
    await measureCold(
      'admin list, a page of the middle asked for the first time',
      Array.from({ length: 20 }, (_, i) => ({
        url: `${base}/api/admin/reports?page=${Math.ceil((run.pages.admin * (i + 5)) / 30)}`,
        headers: bearer(run.sessions.adminToken),
      })),
    ),
  )
  return figures
}
