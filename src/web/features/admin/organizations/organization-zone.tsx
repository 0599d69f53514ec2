import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminOrganization } from '../../../../domain/admin'
import { zoneLabel } from '../../../../domain/area-rules'
import { Button } from '../../../components/ui/button'
import { ZoneForm, zoneOf } from '../../../components/zone/zone-picker'
import { toast } from '../../../lib/toast'
import { useUpdateAdminOrganization } from '../api/update-admin-organization'
import { PendingZone } from './organization-status'

/**
 * The organisation's zone in its details (issue 30), which an administrator may change: the
 * communes whose reports it is offered and may be assigned, or the whole department; and the zone
 * it asked for, if any (issue 47), which the dialog's actions take or refuse.
 */
export function OrganizationZone({
  organization,
  onChanged,
}: {
  organization: AdminOrganization
  onChanged: (organization: AdminOrganization) => void
}) {
  const { t } = useTranslation('admin')
  const { t: tShell } = useTranslation('shell')
  const { t: tRoot } = useTranslation()
  const update = useUpdateAdminOrganization()
  const [editing, setEditing] = useState(false)

  const save = (areaIds: number[]) =>
    update.mutate(
      { id: organization.id, changes: { areaIds } },
      {
        onSuccess: (saved) => {
          toast.success(tShell('zone.saved'))
          setEditing(false)
          onChanged(saved)
        },
        onError: (error) => toast.error(tRoot('common.error'), { description: error.message }),
      },
    )

  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <dt className="font-semibold text-slate-600">{tShell('zone.title')}</dt>
      <dd className="flex flex-col gap-3 text-slate-900">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            {zoneLabel(organization.areas)}
            <PendingZone organization={organization} />
          </span>
          {editing ? null : (
            <Button variant="outline" onClick={() => setEditing(true)}>
              {t('organizations.editZone')}
            </Button>
          )}
        </div>
        {editing ? (
          <ZoneForm
            current={zoneOf(organization.areas)}
            saving={update.isPending}
            onSave={save}
            onCancel={() => setEditing(false)}
          />
        ) : null}
      </dd>
    </div>
  )
}
