import Camera from 'lucide-react/icons/camera'
import CloudOff from 'lucide-react/icons/cloud-off'
import Crosshair from 'lucide-react/icons/crosshair'
import Hourglass from 'lucide-react/icons/hourglass'
import Route from 'lucide-react/icons/route'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { distanceInMetres } from '../../../../domain/location'
import type { OrganizationReport } from '../../../../domain/organization-space'
import {
  CLAIMED_STATUS,
  type OrganizationSettableStatus,
  RESOLVED_STATUS,
} from '../../../../domain/report-states'
import { RESOLUTION_NOTE_MAX_LENGTH } from '../../../../domain/team-rules'
import { useReportStatusLabel } from '../../../components/report/report-badges'
import { ReportLocation } from '../../../components/report/report-location'
import { ResolutionPhotoView } from '../../../components/report/resolution-photo-view'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogTrigger, FormDialogContent } from '../../../components/ui/dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { LoadError } from '../../../components/ui/load-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { Textarea } from '../../../components/ui/textarea'
import { formatDateTime } from '../../../lib/format-dates'
import { usePageMeta } from '../../../lib/page-meta'
import { toast } from '../../../lib/toast'
import { keepLoadedCode } from '../../../pwa/kept-lists'
import { ReportCard } from '../components/report-card'
import { SendMessageDialog } from '../notifications/send-message-dialog'
import type { FieldAction, QueuedFieldAction } from './field-outbox'
import { type Position, useFieldQueue, useMemberId, usePosition, useTournee } from './use-field-work'

const METRES = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'meter', maximumFractionDigits: 0 })
const KILOMETRES = new Intl.NumberFormat('fr-FR', {
  style: 'unit',
  unit: 'kilometer',
  maximumFractionDigits: 1,
})

function formatDistance(metres: number): string {
  return metres < 1000 ? METRES.format(Math.round(metres / 10) * 10) : KILOMETRES.format(metres / 1000)
}

/** What a waiting action says on its report's card. */
function useQueuedLabel() {
  const { t } = useTranslation('organization')
  const statusLabel = useReportStatusLabel()
  return (action: FieldAction) => {
    if (action.kind === 'status') return t('tournee.queuedStatus', { status: statusLabel(action.status) })
    if (action.kind === 'message') return t('tournee.queuedMessage', { title: action.title })
    return t('tournee.queuedPhoto')
  }
}

/** "Photo après intervention": the photo (the phone's camera first) and a public note. */
function ResolutionPhotoDialog({
  report,
  queue,
}: {
  report: OrganizationReport
  queue: (action: FieldAction) => Promise<void>
}) {
  const { t } = useTranslation('organization')
  const [open, setOpen] = useState(false)
  const [photo, setPhoto] = useState<File | null>(null)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  const formId = `resolution-photo-${report.id}`

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!photo) {
      setError(t('tournee.photoRequired'))
      return
    }
    await queue({ kind: 'photo', photo, fileName: photo.name || 'photo.jpg', note })
    toast.success(t('tournee.queued'))
    setPhoto(null)
    setNote('')
    setOpen(false)
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Camera aria-hidden="true" className="size-4" />
          {t('tournee.photo')}
        </Button>
      </DialogTrigger>
      <FormDialogContent
        title={t('tournee.photoTitle')}
        description={t('tournee.photoHelp')}
        formId={formId}
        onSubmit={(event) => void onSubmit(event)}
        busy={false}
        label={t('tournee.send')}
        busyLabel={t('tournee.send')}
      >
        <Field label={t('tournee.photoField')} error={error}>
          {(control) => (
            <Input
              {...control}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture="environment"
              onChange={(event) => {
                setPhoto(event.target.files?.[0] ?? null)
                setError(undefined)
              }}
            />
          )}
        </Field>
        <Field label={t('tournee.noteField')}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={RESOLUTION_NOTE_MAX_LENGTH}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </Field>
      </FormDialogContent>
    </Dialog>
  )
}

function TourneeCard({
  report,
  position,
  waiting,
  queue,
  forget,
}: {
  report: OrganizationReport
  position: Position | null
  waiting: QueuedFieldAction[]
  queue: (action: FieldAction) => Promise<void>
  forget: (key: string) => Promise<void>
}) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const queuedLabel = useQueuedLabel()
  const code = report.anonymous_code || tRoot('common.anonymous')
  // The status the agent gave last, still on its way, is the one the card shows as chosen.
  const lastStatus = waiting.findLast((entry) => entry.action.kind === 'status')?.action
  const status = lastStatus?.kind === 'status' ? lastStatus.status : report.status
  const setStatus = (next: OrganizationSettableStatus) => void queue({ kind: 'status', status: next })
  const distance = position
    ? distanceInMetres({ latitude: position.lat, longitude: position.lon }, report)
    : null
  return (
    <ReportCard
      report={report}
      actions={
        <div className="flex flex-col gap-3">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t('tournee.statusLabel', { code })}</legend>
            {([CLAIMED_STATUS, RESOLVED_STATUS] as const).map((value) => (
              <Button
                key={value}
                variant={status === value ? 'primary' : 'outline'}
                aria-pressed={status === value}
                onClick={() => setStatus(value)}
              >
                {value === RESOLVED_STATUS ? t('tournee.markResolved') : t('tournee.markInProgress')}
              </Button>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <SendMessageDialog report={report} queue={(message) => queue({ kind: 'message', ...message })} />
            <ResolutionPhotoDialog report={report} queue={queue} />
          </div>
        </div>
      }
    >
      {distance === null ? null : (
        <p className="text-sm font-semibold text-slate-800">
          {t('tournee.distance', { distance: formatDistance(distance) })}
        </p>
      )}
      <ReportLocation
        latitude={report.latitude}
        longitude={report.longitude}
        label={report.type}
        approximate={report.location_precision === 'commune'}
      />
      {report.resolution ? (
        <ResolutionPhotoView resolution={report.resolution} namespace="organization" />
      ) : null}
      {waiting.length > 0 ? (
        <ul aria-label={t('tournee.pendingBadge')} className="flex flex-col gap-1 text-sm">
          {waiting.map((entry) => (
            <li
              key={entry.key}
              className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-2 py-1 text-amber-900"
            >
              <Hourglass aria-hidden="true" className="size-4 shrink-0" />
              <span className="font-semibold">{t('tournee.pendingBadge')}</span>
              <span>{queuedLabel(entry.action)}</span>
              {entry.state === 'refused' ? (
                <>
                  <span className="text-red-800">{t('tournee.refused', { message: entry.error ?? '' })}</span>
                  <Button variant="ghost" size="sm" onClick={() => void forget(entry.key)}>
                    {t('tournee.forget')}
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </ReportCard>
  )
}

/**
 * /organization/tournee, "Ma tournée": an agent's home on a phone. The reports handed to them,
 * nearest first, each with its place, the way there, its status, a message to the citizen and
 * the photo of the fix. It works without a connection: the list last seen is kept on the phone,
 * and what the agent does waits there ("En attente d'envoi") until the server has it, once.
 */
export function TourneePage() {
  const { t } = useTranslation('organization')
  usePageMeta({ title: t('meta.tournee') })
  const memberId = useMemberId()
  const { position, locating, locate } = usePosition()
  const tournee = useTournee(memberId, position)
  const { queued, enqueue, forget } = useFieldQueue(memberId)
  const waitingCount = queued.filter((entry) => entry.state === 'waiting').length
  const fromServer = tournee.data !== undefined && tournee.data.keptAt === null
  useEffect(() => {
    if (!fromServer) return
    // Everything the round needs offline, the cards' map included, kept on the phone.
    void import('../../../components/report/report-location-map')
      .then(keepLoadedCode)
      .catch((error: unknown) => console.warn('code de la tournée non gardé', error))
  }, [fromServer])

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900">{t('tournee.title')}</h1>
        <p className="text-slate-600">{t('tournee.subtitle')}</p>
      </header>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        {locating ? <span role="status">{t('tournee.locating')}</span> : null}
        {!locating && !position ? <span>{t('tournee.noPosition')}</span> : null}
        {!locating ? (
          <Button variant="outline" onClick={locate}>
            <Crosshair aria-hidden="true" className="size-4" />
            {t('tournee.retryPosition')}
          </Button>
        ) : null}
      </div>
      {waitingCount > 0 ? (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-amber-900">
          <Hourglass aria-hidden="true" className="size-5 shrink-0" />
          {t('tournee.pending', { count: waitingCount })}
        </p>
      ) : null}
      {tournee.data?.keptAt ? (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-slate-100 p-3 text-slate-800">
          <CloudOff aria-hidden="true" className="size-5 shrink-0" />
          {t('tournee.offlineList', { date: formatDateTime(tournee.data.keptAt) })}
        </p>
      ) : null}
      {tournee.data ? (
        tournee.data.items.length === 0 ? (
          <EmptyState icon={Route} title={t('tournee.emptyTitle')} text={t('tournee.emptyText')} />
        ) : (
          <ul className="flex flex-col gap-4">
            {tournee.data.items.map((report) => (
              <li key={report.id}>
                <TourneeCard
                  report={report}
                  position={position}
                  waiting={queued.filter((entry) => entry.reportId === report.id)}
                  queue={(action) => enqueue(report.id, action)}
                  forget={forget}
                />
              </li>
            ))}
          </ul>
        )
      ) : tournee.isError ? (
        <LoadError
          message={navigator.onLine ? t('tournee.loadFailed') : t('tournee.noKeptList')}
          onRetry={() => void tournee.refetch()}
        />
      ) : (
        <div role="status" className="flex flex-col gap-3">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </div>
  )
}

export { TourneePage as Component }
