import { useQueryClient } from '@tanstack/react-query'
import Building2 from 'lucide-react/icons/building-2'
import CircleCheck from 'lucide-react/icons/circle-check'
import Clock from 'lucide-react/icons/clock'
import Ellipsis from 'lucide-react/icons/ellipsis'
import Eye from 'lucide-react/icons/eye'
import Mail from 'lucide-react/icons/mail'
import Phone from 'lucide-react/icons/phone'
import SearchX from 'lucide-react/icons/search-x'
import ShieldOff from 'lucide-react/icons/shield-off'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminOrganization } from '../../../../domain/admin'
import { ADMIN_PAGE_SIZE } from '../../../../domain/constants'
import {
  NAME_CHANGE_FILTER,
  ORGANIZATION_STATUS_VALUES,
  ORGANIZATION_STATUSES,
  type OrganizationListFilter,
  ZONE_CHANGE_FILTER,
} from '../../../../domain/organization-rules'
import { PageHeader } from '../../../components/layout/page-header'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { EmptyState } from '../../../components/ui/empty-state'
import { FilterCard } from '../../../components/ui/filter-card'
import { Pagination } from '../../../components/ui/pagination'
import { SearchField } from '../../../components/ui/search-field'
import { SelectField } from '../../../components/ui/select-field'
import { useIsMobile } from '../../../components/ui/sidebar'
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton'
import { StatCard, StatGrid } from '../../../components/ui/stat-card'
import { Cell, RowHeader, Table, TableBody, TableHeader } from '../../../components/ui/table'
import { useSessionStore } from '../../../lib/auth/session-store'
import { formatLongDate } from '../../../lib/format-dates'
import { useLiveEvents } from '../../../lib/live-events'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useClampedPage, useListPage } from '../../../lib/use-list-page'
import { adminOrganizationsQueryOptions, useAdminOrganizations } from '../api/get-admin-organizations'
import { type AdminOrganizationFilters, adminKeys } from '../api/query-keys'
import { useAdminPageMeta } from '../components/use-admin-page-meta'
import { useLoadErrorToast } from '../components/use-load-error-toast'
import { useConfirmedOrganizationAction } from './confirmed-organization-action'
import { OrganizationDetailsDialog } from './organization-details-dialog'
import {
  OrganizationStatusBadge,
  organizationActions,
  organizationTypeLabel,
  PendingName,
  PendingZone,
} from './organization-status'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'

function RowMenu({ organization, onView }: { organization: AdminOrganization; onView: () => void }) {
  const { t } = useTranslation('admin')
  const action = useConfirmedOrganizationAction()
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('organizations.actionsLabel', { name: organization.name })}
          >
            <Ellipsis aria-hidden="true" className="size-5" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onView}>
            <Eye aria-hidden="true" />
            {t('organizations.viewDetails')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {organizationActions(organization).map((item) => (
            <DropdownMenuItem
              key={item.key}
              tone={item.danger ? 'danger' : 'default'}
              disabled={action.isPending}
              onSelect={() => action.request(organization, item)}
            >
              {t(`organizations.${item.key}`)}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {action.dialog}
    </>
  )
}

/**
 * An e-mail address that may break only after its "@" (never mid-word, so that it reads and
 * copies whole); a long part stays whole and the table scrolls.
 */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  if (at < 0) return <span className="whitespace-nowrap">{email}</span>
  return (
    <span className="min-w-0">
      <span className="whitespace-nowrap">{email.slice(0, at + 1)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at + 1)}</span>
    </span>
  )
}

function Contact({ organization }: { organization: AdminOrganization }) {
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      <span className="flex items-center gap-1 text-slate-800">
        <Mail aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
        <EmailAddress email={organization.email} />
      </span>
      {organization.phone ? (
        <span className="flex items-center gap-1 whitespace-nowrap text-slate-600">
          <Phone aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
          <span>{organization.phone}</span>
        </span>
      ) : null}
    </div>
  )
}

/** The organisations as a table, or as cards one under the other on a phone. */
function OrganizationList({
  organizations,
  onView,
}: {
  organizations: AdminOrganization[]
  onView: (organization: AdminOrganization) => void
}) {
  const { t } = useTranslation('admin')
  const isMobile = useIsMobile()
  if (isMobile) {
    return (
      <ul aria-label={t('organizations.list')} className="flex flex-col gap-3">
        {organizations.map((organization) => (
          <li key={organization.id}>
            <Card asChild>
              <article className="flex flex-col gap-3 p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="flex min-w-0 flex-col gap-1">
                    <h2 className="font-semibold text-slate-900">
                      {organization.name}
                      <PendingName organization={organization} />
                      <PendingZone organization={organization} />
                    </h2>
                    <p className="text-sm text-slate-600">
                      {organizationTypeLabel(organization.type)} · {organization.city}
                    </p>
                  </div>
                  <RowMenu organization={organization} onView={() => onView(organization)} />
                </div>
                <Contact organization={organization} />
                <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
                  <OrganizationStatusBadge organization={organization} />
                  {formatLongDate(organization.created_at)}
                </div>
              </article>
            </Card>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <Table caption={t('organizations.list')} className="min-w-[56rem]">
      <TableHeader
        columns={[
          t('organizations.organization'),
          t('organizations.contact'),
          t('organizations.location'),
          t('fields.type'),
          t('fields.status'),
          t('fields.createdAt'),
          { label: t('fields.actions'), className: 'text-right' },
        ]}
      />
      <TableBody>
        {organizations.map((organization) => (
          <tr key={organization.id}>
            <RowHeader>
              {organization.name}
              <PendingName organization={organization} />
              <PendingZone organization={organization} />
            </RowHeader>
            <Cell>
              <Contact organization={organization} />
            </Cell>
            <Cell className="text-slate-800">{organization.city}</Cell>
            <Cell className="text-slate-800">{organizationTypeLabel(organization.type)}</Cell>
            <Cell>
              <OrganizationStatusBadge organization={organization} />
            </Cell>
            <Cell className="whitespace-nowrap text-slate-800">
              {formatLongDate(organization.created_at)}
            </Cell>
            <Cell className="text-right">
              <RowMenu organization={organization} onView={() => onView(organization)} />
            </Cell>
          </tr>
        ))}
      </TableBody>
    </Table>
  )
}

/** A failed load reads 0 everywhere (the toast says why). */
const NO_COUNTS = { total: 0, approved: 0, pending: 0, suspended: 0, name_changes: 0, zone_changes: 0 }

/** /admin/organizations: approve, reject, suspend the partner organisations. */
export function AdminOrganizationsPage() {
  const { t } = useTranslation('admin')
  useAdminPageMeta(t('meta.organizations'))
  const queryClient = useQueryClient()
  const token = useSessionStore((state) => state.token)

  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrganizationListFilter>('all')
  const [selected, setSelected] = useState<AdminOrganization | null>(null)
  const q = useDebouncedValue(search.trim())
  const filters: AdminOrganizationFilters = {
    q: q || undefined,
    status: status === 'all' ? undefined : status,
  }
  const [page, setPage] = useListPage(`${q}|${status}`)

  const organizations = useAdminOrganizations(filters, page)
  useClampedPage(page, setPage, organizations.data)
  useLoadErrorToast(organizations.isError, organizations.errorUpdatedAt, t('organizations.loadFailed'))

  // Any change to an organisation, here or elsewhere (a sign-up, another administrator), reloads the list.
  const refreshOrganizations = () =>
    void queryClient.invalidateQueries({ queryKey: adminKeys.organizations() })
  useLiveEvents(
    { token },
    (event) => {
      if (event.type === 'organizations.changed') refreshOrganizations()
    },
    { onReconnected: refreshOrganizations },
  )

  const items = organizations.data?.items ?? []
  const counts = organizations.data?.counts ?? (organizations.isPending ? undefined : NO_COUNTS)
  // The freshest copy of the organisation shown in the dialog.
  const shown = selected ? (items.find((organization) => organization.id === selected.id) ?? selected) : null

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('nav.organizations')} subtitle={t('organizations.subtitle')} />
      <StatGrid>
        <StatCard label={t('fields.total')} value={counts?.total} icon={Building2} tone="blue" />
        <StatCard
          label={t('organizations.approved')}
          value={counts?.approved}
          icon={CircleCheck}
          tone="green"
        />
        <StatCard
          label={ORGANIZATION_STATUSES.pending.label}
          value={counts?.pending}
          icon={Clock}
          tone="yellow"
        />
        <StatCard
          label={t('organizations.suspended')}
          value={counts?.suspended}
          icon={ShieldOff}
          tone="orange"
        />
      </StatGrid>

      <FilterCard>
        <SearchField placeholder={t('organizations.searchPlaceholder')} value={search} onChange={setSearch} />
        <SelectField
          label={t('fields.status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'all', label: t('organizations.allStatuses') },
            ...ORGANIZATION_STATUS_VALUES.map((value) => ({
              value,
              label: ORGANIZATION_STATUSES[value].label,
            })),
            {
              value: NAME_CHANGE_FILTER,
              label: t('organizations.nameChanges', { total: counts?.name_changes ?? 0 }),
            },
            {
              value: ZONE_CHANGE_FILTER,
              label: t('organizations.zoneChanges', { total: counts?.zone_changes ?? 0 }),
            },
          ]}
        />
      </FilterCard>

      <div aria-busy={organizations.isFetching} className="flex flex-col gap-3">
        {organizations.isPending ? (
          <div aria-hidden="true" className="flex flex-col gap-3">
            {placeholderKeys(3).map((key) => (
              <Skeleton key={key} data-testid="organization-skeleton" className="h-16 w-full" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <EmptyState icon={SearchX} title={t('organizations.empty')} />
        ) : (
          <OrganizationList organizations={items} onView={setSelected} />
        )}
        <Pagination
          page={page}
          pageSize={ADMIN_PAGE_SIZE}
          total={organizations.data?.total ?? 0}
          // Not a search with cursors: the page number is enough.
          onPageChange={(next) => setPage(next)}
        />
      </div>

      <OrganizationDetailsDialog
        organization={shown}
        onChanged={setSelected}
        onClose={() => setSelected(null)}
      />
    </div>
  )
}

export const Component = AdminOrganizationsPage

export const handle: PageHandle = { rendered: 'session' }
export const loader = pageLoader(() => [adminOrganizationsQueryOptions({}, 1)], 'admin')
