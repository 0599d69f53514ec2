// The signed-in lists and dashboards under load: an organisation's available and managed
// reports, the administrator's list (filtered, searched, sorted, deep pages), both dashboards.
import type autocannon from 'autocannon'
import { type Goal, LIST_GOAL, type Measure } from './figures'
import { measure } from './load'
import { type BenchRun, bearer, ZONE_OF_TWO_COMMUNES } from './server'

export async function measureLists({
  load,
  server: { base },
  sessions,
  pages,
  bareRequestsPerSecond: ref,
}: BenchRun): Promise<Measure[]> {
  const org = bearer(sessions.orgToken)
  const admin = bearer(sessions.adminToken)
  const zoned = sessions.zonedOrgs[0] as Record<string, string>
  const zonedMiddle = Math.ceil(pages.zoned / 2)
  const routes: [string, autocannon.Options, { goal?: Goal; note?: string }][] = [
    [
      'GET /api/org/reports/available',
      { url: `${base}/api/org/reports/available`, headers: org },
      { goal: LIST_GOAL },
    ],
    [
      `GET /api/org/reports/available (last page, ${pages.available})`,
      { url: `${base}/api/org/reports/available?page=${pages.available}`, headers: org },
      { goal: LIST_GOAL },
    ],
    [
      'GET /api/org/reports/available (a town hall of two communes)',
      { url: `${base}/api/org/reports/available`, headers: zoned },
      { goal: LIST_GOAL },
    ],
    [
      `GET /api/org/reports/available (a town hall of two communes, middle page, ${zonedMiddle})`,
      { url: `${base}/api/org/reports/available?page=${zonedMiddle}`, headers: zoned },
      { goal: LIST_GOAL },
    ],
    [
      `GET /api/admin/reports?area=${ZONE_OF_TWO_COMMUNES[0]} (one commune, middle page)`,
      {
        url: `${base}/api/admin/reports?area=${ZONE_OF_TWO_COMMUNES[0]}&page=${Math.ceil(pages.admin / 40)}`,
        headers: admin,
      },
      { goal: LIST_GOAL },
    ],
    [
      'GET /api/org/reports/managed',
      { url: `${base}/api/org/reports/managed`, headers: org },
      { goal: LIST_GOAL },
    ],
    ['GET /api/org/stats', { url: `${base}/api/org/stats`, headers: org }, { goal: LIST_GOAL }],
    [
      'GET /api/admin/reports?q=panne&status=en-attente',
      { url: `${base}/api/admin/reports?q=panne&status=en-attente`, headers: admin },
      { goal: LIST_GOAL, note: 'the total is counted once, then kept by the read cache' },
    ],
    [
      'GET /api/admin/reports?status=en-attente&priority=urgent',
      { url: `${base}/api/admin/reports?status=en-attente&priority=urgent`, headers: admin },
      { goal: LIST_GOAL },
    ],
    [
      `GET /api/admin/reports (middle page, ${Math.ceil(pages.admin / 2)})`,
      { url: `${base}/api/admin/reports?page=${Math.ceil(pages.admin / 2)}`, headers: admin },
      { goal: LIST_GOAL },
    ],
    [
      `GET /api/admin/reports (last page, ${pages.admin})`,
      { url: `${base}/api/admin/reports?page=${pages.admin}`, headers: admin },
      { goal: LIST_GOAL },
    ],
    [
      'GET /api/admin/reports?sort=supporters',
      { url: `${base}/api/admin/reports?sort=supporters`, headers: admin },
      { goal: LIST_GOAL },
    ],
    ['GET /api/admin/stats', { url: `${base}/api/admin/stats`, headers: admin }, { goal: LIST_GOAL }],
  ]
  const measures: Measure[] = []
  for (const [route, options, extra] of routes) measures.push(await measure(load, route, options, ref, extra))
  return measures
}
