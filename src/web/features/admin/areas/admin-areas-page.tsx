import { lazy, Suspense, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminArea } from '../../../../domain/area'
import { PageHeader } from '../../../components/layout/page-header'
import { MapLoading } from '../../../components/map/map-loading'
import { Card } from '../../../components/ui/card'
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { Cell, RowHeader, Table, TableBody, TableHeader } from '../../../components/ui/table'
import { formatLongDate } from '../../../lib/format-dates'
import { useHydrated } from '../../../lib/use-hydrated'
import { adminAreasQueryOptions, useAdminAreas } from '../api/get-admin-areas'
import { useAdminPageMeta } from '../components/use-admin-page-meta'
import { useLoadErrorToast } from '../components/use-load-error-toast'
import { BoundaryImport } from './boundary-import'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'

const CommunesMap = lazy(() => import('./communes-map'))

/** Where a commune's limits come from: the file imported, or its centre's circle. */
function useSourceText() {
  const { t } = useTranslation('admin')
  return (area: AdminArea) =>
    area.boundary_imported_at
      ? t('areas.importedOn', { date: formatLongDate(area.boundary_imported_at) })
      : t('areas.approximated')
}

/** The communes on a map, rendered by the browser once the page is up (Leaflet comes with it). */
function MapSection({ areas }: { areas: readonly AdminArea[] | undefined }) {
  const { t } = useTranslation('admin')
  const hydrated = useHydrated()
  return (
    <section aria-label={t('areas.mapLabel')} className="flex flex-col gap-2">
      <div className="isolate h-[60dvh] min-h-80 overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        {hydrated && areas ? (
          <Suspense fallback={<MapLoading />}>
            <CommunesMap areas={areas} />
          </Suspense>
        ) : (
          <MapLoading />
        )}
      </div>
      <p className="text-sm text-slate-600">{t('areas.mapLegend')}</p>
    </section>
  )
}

function Origin() {
  const { t } = useTranslation('admin')
  const titleId = useId()
  return (
    <Card asChild>
      <section aria-labelledby={titleId} className="flex flex-col gap-2 p-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('areas.origin.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('areas.origin.text')}</p>
        <p className="text-sm text-slate-700">{t('areas.origin.licence')}</p>
      </section>
    </Card>
  )
}

/**
 * /admin/zones: the department's communes, each by its imported limits or its centre's
 * approximation, on a map and in a list; the import of their limits (issue 30).
 */
export function AdminAreasPage() {
  const { t } = useTranslation('admin')
  useAdminPageMeta(t('meta.areas'))
  const areas = useAdminAreas()
  useLoadErrorToast(areas.isError, areas.errorUpdatedAt, t('areas.loadFailed'))
  const source = useSourceText()

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('nav.areas')} subtitle={t('areas.subtitle')} />
      {areas.data?.recounting ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
        >
          <Spinner className="size-4" />
          {t('areas.recounting')}
        </p>
      ) : null}
      <MapSection areas={areas.data?.items} />
      {areas.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} className="h-12 w-full" />
          ))}
        </div>
      ) : areas.data ? (
        <Table caption={t('areas.list')}>
          <TableHeader columns={[t('areas.commune'), t('areas.arrondissement'), t('areas.source')]} />
          <TableBody>
            {areas.data.items.map((area) => (
              <tr key={area.id}>
                <RowHeader>{area.name}</RowHeader>
                <Cell className="text-slate-700">{area.arrondissement}</Cell>
                <Cell className="text-slate-700">{source(area)}</Cell>
              </tr>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <BoundaryImport />
        <Origin />
      </div>
    </div>
  )
}

export const Component = AdminAreasPage

export const handle: PageHandle = { rendered: 'session' }
export const loader = pageLoader(() => [adminAreasQueryOptions()], 'admin')
