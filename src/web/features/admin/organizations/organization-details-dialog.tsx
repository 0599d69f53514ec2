import { useTranslation } from 'react-i18next'
import type { AdminOrganization } from '../../../../domain/admin'
import { MEMBER_ROLE_LABELS, MEMBER_STATUS_LABELS } from '../../../../domain/team-rules'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Skeleton } from '../../../components/ui/skeleton'
import { formatLongDate } from '../../../lib/format-dates'
import { useAdminOrganization } from '../api/get-admin-organization'
import { useConfirmedOrganizationAction } from './confirmed-organization-action'
import {
  OrganizationStatusBadge,
  organizationActions,
  organizationTypeLabel,
  PendingName,
} from './organization-status'
import { OrganizationZone } from './organization-zone'

/** The organisation's team (issue 29): who signs in for it, with their role and status. */
function OrganizationMembers({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('admin')
  const detail = useAdminOrganization(organizationId)
  return (
    <section aria-labelledby="organization-members" className="mt-5 flex flex-col gap-2 text-sm">
      <h3 id="organization-members" className="font-semibold text-slate-600">
        {t('organizations.members')}
      </h3>
      {detail.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : detail.isError ? (
        <p className="text-slate-700">{t('organizations.membersLoadFailed')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {detail.data.members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-x-2 text-slate-900">
              <span className="font-medium">{member.name}</span>
              <span className="break-all text-slate-700">{member.email}</span>
              <span className="text-slate-700">
                {MEMBER_ROLE_LABELS[member.role]} · {MEMBER_STATUS_LABELS[member.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** 'Détails de l’organisation', with the same actions as the row menu. */
export function OrganizationDetailsDialog({
  organization,
  onChanged,
  onClose,
}: {
  organization: AdminOrganization | null
  /** The organisation may leave the filtered list after an action: the dialog keeps showing it. */
  onChanged: (organization: AdminOrganization) => void
  onClose: () => void
}) {
  const { t } = useTranslation('admin')
  const action = useConfirmedOrganizationAction()
  return (
    <Dialog open={organization !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {organization ? (
        <DialogContent
          title={t('organizations.details')}
          description={organization.name}
          footer={organizationActions(organization).map((item) => (
            <Button
              key={item.key}
              variant={item.danger ? 'danger' : 'primary'}
              disabled={action.isPending}
              onClick={() =>
                action.request(organization, item, (changed) => onChanged({ ...organization, ...changed }))
              }
            >
              {t(`organizations.${item.key}`)}
            </Button>
          ))}
        >
          <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold text-slate-600">{t('fields.name')}</dt>
              <dd className="text-slate-900">
                {organization.name}
                <PendingName organization={organization} />
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">{t('fields.type')}</dt>
              <dd className="text-slate-900">{organizationTypeLabel(organization.type)}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">{t('fields.email')}</dt>
              <dd className="break-all text-slate-900">{organization.email}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">{t('fields.phone')}</dt>
              <dd className="text-slate-900">{organization.phone || t('organizations.notProvided')}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-semibold text-slate-600">{t('fields.address')}</dt>
              <dd className="text-slate-900">
                {[organization.address, organization.city].filter(Boolean).join(', ') ||
                  t('organizations.notProvided')}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">{t('fields.status')}</dt>
              <dd>
                <OrganizationStatusBadge organization={organization} />
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">{t('fields.createdAt')}</dt>
              <dd className="text-slate-900">{formatLongDate(organization.created_at)}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-semibold text-slate-600">{t('nav.categories')}</dt>
              <dd className="mt-1 flex flex-wrap gap-2">
                {organization.categories.length === 0
                  ? t('organizations.noCategory')
                  : organization.categories.map((name) => (
                      <span
                        key={name}
                        className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800"
                      >
                        {name}
                      </span>
                    ))}
              </dd>
            </div>
            <OrganizationZone organization={organization} onChanged={onChanged} />
          </dl>
          <OrganizationMembers organizationId={organization.id} />
        </DialogContent>
      ) : null}
      {action.dialog}
    </Dialog>
  )
}
