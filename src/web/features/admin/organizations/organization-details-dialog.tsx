import { useTranslation } from 'react-i18next'
import type { AdminOrganization } from '../../../../domain/admin'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { formatLongDate } from '../../../lib/french-dates'
import { useConfirmedOrganizationAction } from './confirmed-organization-action'
import {
  OrganizationStatusBadge,
  organizationActions,
  organizationTypeLabel,
  PendingName,
} from './organization-status'

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
          </dl>
        </DialogContent>
      ) : null}
      {action.dialog}
    </Dialog>
  )
}
