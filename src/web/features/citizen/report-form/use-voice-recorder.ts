import { useCallback, useEffect, useRef, useState } from 'react'
import { VOICE_NOTE_BITS_PER_SECOND, VOICE_NOTE_MAX_SECONDS } from '../../../../domain/report-filing-rules'

export type RecorderFailure = 'denied' | 'noMicrophone' | 'unsupported' | 'failed'

export type RecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; elapsed: number }
  | { status: 'recorded'; blob: Blob; url: string; duration: number }
  | { status: 'error'; reason: RecorderFailure }

/**
 * Opus in WebM (Chrome, Firefox) or Ogg, else AAC in MP4 (Safari): small files for speech.
 * The server recognises each of them by its bytes.
 */
const PREFERRED_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/webm',
]
const TICK_MS = 250

function recordingType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined
  return PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type))
}

function failureOf(error: unknown): RecorderFailure {
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noMicrophone'
  return 'failed'
}

/** The file name the upload gives a voice note, after its container. */
export function voiceNoteFileName(note: Blob): string {
  if (note.type.includes('ogg')) return 'note-vocale.ogg'
  if (note.type.includes('mp4')) return 'note-vocale.m4a'
  return 'note-vocale.webm'
}

/**
 * Records a voice note with the browser's MediaRecorder, at a low bitrate, stopping by itself
 * at VOICE_NOTE_MAX_SECONDS. The microphone is released as soon as recording stops.
 */
export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>({ status: 'idle' })
  const recorder = useRef<MediaRecorder | null>(null)
  const stream = useRef<MediaStream | null>(null)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)
  const noteUrl = useRef<string | null>(null)
  /** False once the citizen deleted the note while it was still recording. */
  const keepNote = useRef(true)

  const releaseMicrophone = useCallback(() => {
    if (timer.current) clearInterval(timer.current)
    timer.current = null
    for (const track of stream.current?.getTracks() ?? []) track.stop()
    stream.current = null
  }, [])

  const forgetNote = useCallback(() => {
    if (noteUrl.current) URL.revokeObjectURL(noteUrl.current)
    noteUrl.current = null
  }, [])

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop()
  }, [])

  const start = useCallback(async () => {
    if (
      typeof MediaRecorder === 'undefined' ||
      typeof navigator === 'undefined' ||
      !navigator.mediaDevices?.getUserMedia
    ) {
      setState({ status: 'error', reason: 'unsupported' })
      return
    }
    forgetNote()
    keepNote.current = true
    setState({ status: 'starting' })
    let media: MediaStream
    try {
      media = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      })
    } catch (error) {
      setState({ status: 'error', reason: failureOf(error) })
      return
    }
    stream.current = media
    const type = recordingType()
    let mediaRecorder: MediaRecorder
    try {
      mediaRecorder = new MediaRecorder(media, {
        ...(type ? { mimeType: type } : {}),
        audioBitsPerSecond: VOICE_NOTE_BITS_PER_SECOND,
      })
    } catch {
      releaseMicrophone()
      setState({ status: 'error', reason: 'unsupported' })
      return
    }
    recorder.current = mediaRecorder
    const chunks: Blob[] = []
    const startedAt = performance.now()
    const elapsed = () => Math.min(VOICE_NOTE_MAX_SECONDS, (performance.now() - startedAt) / 1000)

    mediaRecorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    })
    mediaRecorder.addEventListener('stop', () => {
      const duration = elapsed()
      releaseMicrophone()
      recorder.current = null
      if (!keepNote.current) return
      const blob = new Blob(chunks, { type: (mediaRecorder.mimeType || type || 'audio/webm').split(';')[0] })
      if (blob.size === 0) {
        setState({ status: 'error', reason: 'failed' })
        return
      }
      const url = URL.createObjectURL(blob)
      noteUrl.current = url
      setState({ status: 'recorded', blob, url, duration })
    })
    mediaRecorder.addEventListener('error', () => {
      releaseMicrophone()
      recorder.current = null
      setState({ status: 'error', reason: 'failed' })
    })

    // Data every second: a note cut short (a call, a locked screen) keeps what was said.
    mediaRecorder.start(1000)
    setState({ status: 'recording', elapsed: 0 })
    timer.current = setInterval(() => {
      const seconds = elapsed()
      setState((current) =>
        current.status === 'recording' ? { status: 'recording', elapsed: seconds } : current,
      )
      if (seconds >= VOICE_NOTE_MAX_SECONDS) stop()
    }, TICK_MS)
  }, [forgetNote, releaseMicrophone, stop])

  const discard = useCallback(() => {
    keepNote.current = false
    stop()
    forgetNote()
    setState({ status: 'idle' })
  }, [forgetNote, stop])

  // Leaving the page stops the recording and frees the microphone and the note's memory.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop()
      releaseMicrophone()
      forgetNote()
    },
    [forgetNote, releaseMicrophone],
  )

  return { state, start, stop, discard }
}
