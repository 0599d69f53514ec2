import Mic from 'lucide-react/icons/mic'
import Square from 'lucide-react/icons/square'
import Trash2 from 'lucide-react/icons/trash-2'
import { useTranslation } from 'react-i18next'
import { VOICE_NOTE_MAX_SECONDS } from '../../../../domain/report-filing-rules'
import { VoiceNotePlayer } from '../../../components/report/voice-note-player'
import { Button } from '../../../components/ui/button'
import { Progress } from '../../../components/ui/progress'
import { Spinner } from '../../../components/ui/spinner'
import { formatDuration, formatFileSize } from '../../../lib/format-numbers'
import type { RecorderState } from './use-voice-recorder'

/** The voice note: record (with a timer), stop, listen, delete; or why the microphone cannot be used. */
export function VoiceNoteRecorder({
  state,
  onStart,
  onStop,
  onDiscard,
  error,
}: {
  state: RecorderState
  onStart: () => void
  onStop: () => void
  onDiscard: () => void
  error?: string
}) {
  const { t } = useTranslation('citizen')
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t('reportForm.voice.legend')}</legend>
      <p className="text-sm text-slate-600">
        {t('reportForm.voice.hint', { minutes: VOICE_NOTE_MAX_SECONDS / 60 })}
      </p>
      {state.status === 'recording' ? (
        <div className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="flex items-center gap-2 font-semibold text-red-800">
            <span
              aria-hidden="true"
              className="size-3 shrink-0 animate-pulse rounded-full bg-red-600 motion-reduce:animate-none"
            />
            {t('reportForm.voice.recording')}
          </p>
          {/* The time beside its bar, never squeezed into the title's line: a 360 px phone keeps
              both on one line each. */}
          <div className="flex items-center gap-3">
            <Progress
              value={(state.elapsed / VOICE_NOTE_MAX_SECONDS) * 100}
              label={t('reportForm.voice.recording')}
              className="flex-1 bg-red-100 [&>div]:bg-red-600"
            />
            <span
              className="shrink-0 whitespace-nowrap text-sm font-semibold text-red-800 tabular-nums"
              aria-live="off"
            >
              {t('reportForm.voice.elapsed', {
                elapsed: formatDuration(state.elapsed),
                max: formatDuration(VOICE_NOTE_MAX_SECONDS),
              })}
            </span>
          </div>
          <Button variant="danger" size="lg" onClick={onStop}>
            <Square aria-hidden="true" className="size-5 fill-current" />
            {t('reportForm.voice.stop')}
          </Button>
        </div>
      ) : state.status === 'recorded' ? (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-700">
            {t('reportForm.voice.ready', {
              duration: formatDuration(state.duration),
              size: formatFileSize(state.blob.size),
            })}
          </p>
          <VoiceNotePlayer src={state.url} aria-label={t('reportForm.voice.player')} className="w-full" />
          <Button variant="outline" onClick={onDiscard} className="self-start">
            <Trash2 aria-hidden="true" className="size-5" />
            {t('reportForm.voice.delete')}
          </Button>
        </div>
      ) : (
        <Button
          variant="outline"
          size="lg"
          className="px-4! text-base!"
          onClick={onStart}
          disabled={state.status === 'starting'}
        >
          {state.status === 'starting' ? (
            <Spinner className="size-6" />
          ) : (
            <Mic aria-hidden="true" className="size-6" />
          )}
          {t('reportForm.voice.record')}
        </Button>
      )}
      {state.status === 'error' ? (
        <p role="alert" className="text-sm font-medium text-amber-900">
          {t(`reportForm.voice.${state.reason}`)}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
