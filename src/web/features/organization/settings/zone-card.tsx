import { useTranslation } from 'react-i18next'
import { zoneLabel } from '../../../../domain/area-rules'
import type { OwnOrganization } from '../../../../domain/organization'
import { Card } from '../../../components/ui/card'
import { ZoneForm, zoneOf } from '../../../components/zone/zone-picker'
import { toast } from '../../../lib/toast'
import { useUpdateProfile } from '../api/update-profile'

/**
 * Zone d'intervention (issue 30): the communes whose reports the organisation is offered, or the
 * whole department. A responsable changes it; an agent reads it.
 */
export function ZoneCard({ profile }: { profile: OwnOrganization }) {
  const { t } = useTranslation('organization')
  const { t: tShell } = useTranslation('shell')
  const { t: tRoot } = useTranslation()
  const update = useUpdateProfile()
  const save = (areaIds: number[]) =>
    update.mutate(
      { areaIds },
      {
        onSuccess: () => toast.success(tShell('zone.saved')),
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
        </div>
        {profile.member.role === 'responsable' ? (
          <ZoneForm
            // A zone changed elsewhere (an administrator, another tab) starts the form again.
            key={profile.areas.map((area) => area.id).join()}
            current={zoneOf(profile.areas)}
            saving={update.isPending}
            onSave={save}
            hint={t('profile.zoneHint')}
          />
        ) : null}
      </section>
    </Card>
  )
}
