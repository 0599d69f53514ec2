import { useTranslation } from 'react-i18next'
import { zoneLabel } from '../../../../domain/area-rules'
import type { OwnOrganization } from '../../../../domain/organization'
import { ZONE_CHANGE_MESSAGES } from '../../../../domain/organization-rules'
import { Card } from '../../../components/ui/card'
import { ZoneForm, zoneOf } from '../../../components/zone/zone-picker'
import { toast } from '../../../lib/toast'
import { useUpdateProfile } from '../api/update-profile'

const idsOf = (areas: readonly { id: number }[]) => areas.map((area) => area.id).join()

/**
 * Zone d'intervention (issue 30): the communes whose reports the organisation is offered, or the
 * whole department. A responsable changes it; an agent reads it. An approved organisation's new
 * zone waits for an administrator (issue 47): the zone it covers stays shown, the one it asked
 * for is said under it and is where the form starts from.
 */
export function ZoneCard({ profile }: { profile: OwnOrganization }) {
  const { t } = useTranslation('organization')
  const { t: tShell } = useTranslation('shell')
  const { t: tRoot } = useTranslation()
  const update = useUpdateProfile()
  // The zone it asked for, while an administrator has not decided.
  const asked = profile.pending_areas
  const save = (areaIds: number[]) =>
    update.mutate(
      { areaIds },
      {
        onSuccess: (saved) =>
          toast.success(
            tShell('zone.saved'),
            saved.pending_areas === null ? undefined : { description: ZONE_CHANGE_MESSAGES.requested },
          ),
        onError: (error) => toast.error(tRoot('common.error'), { description: error.message }),
      },
    )
  return (
    <Card asChild className="flex flex-col gap-4 p-5">
      <section aria-labelledby="zone-title">
        <div>
          <h2 id="zone-title" className="text-lg font-semibold text-slate-900">
            {tShell('zone.title')}
          </h2>
          <p className="text-sm text-slate-700">
            {t('settings.zoneCurrent', { zone: zoneLabel(profile.areas) })}
          </p>
          {asked ? (
            <p className="text-sm text-amber-800">{t('settings.pendingZone', { zone: zoneLabel(asked) })}</p>
          ) : null}
        </div>
        {profile.member.role === 'responsable' ? (
          <ZoneForm
            // A zone changed elsewhere (an administrator, another tab) starts the form again.
            key={`${idsOf(profile.areas)}|${asked ? idsOf(asked) : ''}`}
            current={zoneOf(asked ?? profile.areas)}
            saving={update.isPending}
            onSave={save}
            hint={t('profile.zoneHint')}
          />
        ) : null}
      </section>
    </Card>
  )
}
