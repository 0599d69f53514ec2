import { useQuery } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Area } from '../../../domain/area'
import { AREA_MESSAGES, zoneLabel } from '../../../domain/area-rules'
import { areasQueryOptions, useAreas } from '../../lib/areas'
import { cn } from '../../lib/class-names'
import '../layout/shell-texts'
import { ChoiceGroup } from '../layout/choice-group'
import { Button } from '../ui/button'
import { EnabledOnceHydrated } from '../ui/enabled-once-hydrated'
import { LoadError } from '../ui/load-error'
import { placeholderKeys, Skeleton } from '../ui/skeleton'

/**
 * An organisation's zone as its screens edit it (issue 30). The server knows only the communes,
 * none meaning the whole department; the screens keep "some communes, none ticked yet" apart, so
 * that choosing communes starts from an empty list without falling back to the whole department,
 * and the communes ticked before stay ticked when the whole department is chosen then undone.
 */
export interface Zone {
  wholeDepartment: boolean
  areaIds: number[]
}

export const WHOLE_DEPARTMENT: Zone = { wholeDepartment: true, areaIds: [] }

/** The zone of an organisation as the API gives it (its communes, none for the whole department). */
export const zoneOf = (areas: readonly { id: number }[]): Zone => ({
  wholeDepartment: areas.length === 0,
  areaIds: areas.map((area) => area.id),
})

/** What the API takes: `areaIds`, empty for the whole department. */
export const areaIdsOf = (zone: Zone): number[] => (zone.wholeDepartment ? [] : zone.areaIds)

/** Communes chosen, but none ticked: refused on screen (the server would read the whole department). */
export const isIncomplete = (zone: Zone): boolean => !zone.wholeDepartment && zone.areaIds.length === 0

/** The zone in words ("Médina, Gorée"), the communes' names fetched only when some are chosen. */
export function useZoneLabel(zone: Zone): string {
  const areas = useQuery({ ...areasQueryOptions(), enabled: !zone.wholeDepartment })
  if (zone.wholeDepartment) return AREA_MESSAGES.wholeDepartment
  return zoneLabel((areas.data ?? []).filter((area) => zone.areaIds.includes(area.id)))
}

/** The communes by arrondissement, in the order of the list (domain/communes.ts). */
function byArrondissement(areas: readonly Area[]): [string, Area[]][] {
  const groups = new Map<string, Area[]>()
  for (const area of areas)
    groups.set(area.arrondissement, [...(groups.get(area.arrondissement) ?? []), area])
  return [...groups]
}

/** The 19 communes to tick, grouped by arrondissement: one column on a phone, two from `sm`. */
function CommuneChecklist({
  chosen,
  onChange,
  describedBy,
}: {
  chosen: number[]
  onChange: (areaIds: number[]) => void
  describedBy: string | undefined
}) {
  const { t } = useTranslation('shell')
  const areas = useAreas()
  if (areas.isPending) {
    return (
      <div className="grid gap-2 sm:grid-cols-2" aria-busy="true">
        {placeholderKeys(6).map((key) => (
          <Skeleton key={key} className="h-11" />
        ))}
      </div>
    )
  }
  if (areas.isError) {
    return (
      <LoadError
        title={t('zone.loadFailed')}
        message={areas.error.message}
        onRetry={() => void areas.refetch()}
      />
    )
  }
  const toggle = (id: number) =>
    onChange(
      chosen.includes(id)
        ? chosen.filter((other) => other !== id)
        : // Kept in the list's order, as the server gives them back.
          areas.data.map((area) => area.id).filter((other) => other === id || chosen.includes(other)),
    )
  return (
    <fieldset aria-describedby={describedBy} className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{t('zone.pick')}</legend>
      {byArrondissement(areas.data).map(([arrondissement, communes]) => (
        <fieldset key={arrondissement} className="flex flex-col gap-2">
          <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {arrondissement}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {communes.map((area) => {
              const checked = chosen.includes(area.id)
              return (
                <label
                  key={area.id}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm font-medium',
                    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-600',
                    checked
                      ? 'border-green-700 bg-green-50 text-green-900'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => toggle(area.id)}
                    className="size-5 shrink-0 accent-green-700"
                  />
                  {area.name}
                </label>
              )
            })}
          </div>
        </fieldset>
      ))}
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('zone.chosen', { count: chosen.length })}
      </p>
    </fieldset>
  )
}

/**
 * The whole department, or communes ticked in a list. `showMissing` once the form was sent: then
 * "communes" with none ticked says so, until one is. `error` is the server's refusal.
 */
export function ZonePicker({
  value,
  onChange,
  showMissing = false,
  error,
  hint,
}: {
  value: Zone
  onChange: (zone: Zone) => void
  showMissing?: boolean
  error?: string
  hint?: ReactNode
}) {
  const { t } = useTranslation('shell')
  const errorId = useId()
  const message = error ?? (showMissing && isIncomplete(value) ? t('zone.noneChosen') : undefined)
  return (
    <div className="flex flex-col gap-3">
      <ChoiceGroup
        legend={t('zone.legend')}
        name="zone"
        value={value.wholeDepartment ? 'whole' : 'some'}
        options={[
          { value: 'whole', label: AREA_MESSAGES.wholeDepartment },
          { value: 'some', label: t('zone.some') },
        ]}
        onChange={(choice) => onChange({ ...value, wholeDepartment: choice === 'whole' })}
      />
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {value.wholeDepartment ? null : (
        <CommuneChecklist
          chosen={value.areaIds}
          onChange={(areaIds) => onChange({ ...value, areaIds })}
          describedBy={message ? errorId : undefined}
        />
      )}
      {message ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The picker with its "Enregistrer la zone", for a zone already set (Paramètres, the admin's
 * details): sends `areaIds` once the zone is complete.
 */
export function ZoneForm({
  current,
  saving,
  onSave,
  onCancel,
  hint,
}: {
  current: Zone
  saving: boolean
  onSave: (areaIds: number[]) => void
  onCancel?: () => void
  hint?: ReactNode
}) {
  const { t } = useTranslation('shell')
  const { t: tRoot } = useTranslation()
  const [zone, setZone] = useState(current)
  const [sent, setSent] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSent(true)
    if (!isIncomplete(zone)) onSave(areaIdsOf(zone))
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EnabledOnceHydrated>
        <ZonePicker value={zone} onChange={setZone} showMissing={sent} hint={hint} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={saving}>
              {tRoot('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" disabled={saving}>
            {saving ? t('saving') : t('zone.save')}
          </Button>
        </div>
      </EnabledOnceHydrated>
    </form>
  )
}
