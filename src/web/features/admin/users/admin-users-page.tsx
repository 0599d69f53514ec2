import Pencil from 'lucide-react/icons/pencil'
import ShieldCheck from 'lucide-react/icons/shield-check'
import UserCheck from 'lucide-react/icons/user-check'
import UserX from 'lucide-react/icons/user-x'
import Users from 'lucide-react/icons/users'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminUser } from '../../../../domain/admin'
import { PageHeader } from '../../../components/layout/page-header'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FilterCard } from '../../../components/ui/filter-card'
import { SearchField } from '../../../components/ui/search-field'
import { SelectField } from '../../../components/ui/select-field'
import { useIsMobile } from '../../../components/ui/sidebar'
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton'
import { StatCard, StatGrid } from '../../../components/ui/stat-card'
import { Cell, RowHeader, Table, TableBody, TableHeader } from '../../../components/ui/table'
import { formatLongDate } from '../../../lib/format-dates'
import { matchesSearch } from '../../../lib/search-text'
import { adminUsersQueryOptions, useAdminUsers } from '../api/get-admin-users'
import { useAdminPageMeta } from '../components/use-admin-page-meta'
import { useLoadErrorToast } from '../components/use-load-error-toast'
import { CreateUserDialog } from './create-user-dialog'
import { EditUserDialog } from './edit-user-dialog'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'

type StatusFilter = 'active' | 'inactive' | 'all'

/** Search by name, email or username, accents and case aside; the list holds a handful of rows. */
function matches(user: AdminUser, search: string, status: StatusFilter): boolean {
  if (status !== 'all' && user.status !== status) return false
  return matchesSearch(search, [user.name, user.email, user.username])
}

function UserStatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin')
  return user.status === 'active' ? (
    <Badge tone="green">{t('users.activeStatus')}</Badge>
  ) : (
    <Badge tone="grey">{t('users.inactiveStatus')}</Badge>
  )
}

function LastLogin({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin')
  return <>{user.last_login ? formatLongDate(user.last_login) : t('users.neverLoggedIn')}</>
}

function EditButton({ user, onEdit }: { user: AdminUser; onEdit: (user: AdminUser) => void }) {
  const { t } = useTranslation('admin')
  return (
    <Button
      variant="outline"
      size="md"
      onClick={() => onEdit(user)}
      aria-label={t('actions.editLabel', { name: user.name || user.username })}
    >
      <Pencil aria-hidden="true" className="size-4" />
      {t('actions.edit')}
    </Button>
  )
}

/** The administrators as a table, or as cards one under the other on a phone. */
function UserList({ users, onEdit }: { users: AdminUser[]; onEdit: (user: AdminUser) => void }) {
  const { t } = useTranslation('admin')
  const isMobile = useIsMobile()
  if (isMobile) {
    return (
      <ul aria-label={t('users.list')} className="flex flex-col gap-3">
        {users.map((user) => (
          <li key={user.id}>
            <Card asChild>
              <article className="flex flex-col gap-2 p-4 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">{user.name || t('users.noName')}</h2>
                  <UserStatusBadge user={user} />
                </div>
                <p className="break-all text-slate-700">{user.email ?? '—'}</p>
                <p className="font-mono text-slate-700">{user.username}</p>
                <div className="flex items-center justify-between gap-2 text-slate-600">
                  <span>
                    {t('users.lastLogin')}
                    {'\u202f: '}
                    <LastLogin user={user} />
                  </span>
                  <EditButton user={user} onEdit={onEdit} />
                </div>
              </article>
            </Card>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <Table caption={t('users.list')} className="min-w-[48rem]">
      <TableHeader
        columns={[
          t('fields.name'),
          t('fields.email'),
          t('fields.username'),
          t('fields.status'),
          t('users.lastLogin'),
          { label: t('fields.actions'), className: 'text-right' },
        ]}
      />
      <TableBody>
        {users.map((user) => (
          <tr key={user.id}>
            <RowHeader>{user.name || t('users.noName')}</RowHeader>
            <Cell className="break-all text-slate-800">{user.email ?? '—'}</Cell>
            <Cell className="font-mono text-slate-800">{user.username}</Cell>
            <Cell>
              <UserStatusBadge user={user} />
            </Cell>
            <Cell className="whitespace-nowrap text-slate-800">
              <LastLogin user={user} />
            </Cell>
            <Cell className="text-right">
              <EditButton user={user} onEdit={onEdit} />
            </Cell>
          </tr>
        ))}
      </TableBody>
    </Table>
  )
}

/**
 * /admin/users: the super administrators. The active ones are listed (SPEC.md); the filter also
 * finds the deactivated ones, so that they can be reactivated.
 */
export function AdminUsersPage() {
  const { t } = useTranslation('admin')
  const { t: tShell } = useTranslation('shell')
  useAdminPageMeta(t('meta.users'))
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<StatusFilter>('active')
  const [editing, setEditing] = useState<AdminUser | null>(null)

  const users = useAdminUsers()
  useLoadErrorToast(users.isError, users.errorUpdatedAt, t('users.loadFailed'))
  // A failed load reads 0 (the toast says why).
  const counts = users.data?.counts ?? (users.isPending ? undefined : { total: 0, active: 0 })
  const shown = (users.data?.items ?? []).filter((user) => matches(user, search, status))

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('users.title')} subtitle={t('users.subtitle')}>
        <CreateUserDialog />
      </PageHeader>
      <StatGrid columns={3}>
        <StatCard
          label={t('users.activeSuperadmins')}
          value={counts?.active}
          icon={ShieldCheck}
          tone="green"
        />
        <StatCard label={t('users.total')} value={counts?.total} icon={Users} tone="blue" />
        <StatCard label={t('users.active')} value={counts?.active} icon={UserCheck} tone="green" />
      </StatGrid>

      <FilterCard>
        <SearchField placeholder={t('users.searchPlaceholder')} value={search} onChange={setSearch} />
        <SelectField
          label={t('fields.status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'active', label: t('users.showActive') },
            { value: 'inactive', label: t('users.showInactive') },
            { value: 'all', label: tShell('all') },
          ]}
        />
      </FilterCard>

      {users.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} className="h-14 w-full" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState icon={UserX} title={status === 'active' ? t('users.emptyActive') : t('users.empty')} />
      ) : (
        <UserList users={shown} onEdit={setEditing} />
      )}

      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </div>
  )
}

export const Component = AdminUsersPage

export const handle: PageHandle = { rendered: 'session' }
export const loader = pageLoader(() => [adminUsersQueryOptions()], 'admin')
