import type { AudioHTMLAttributes, ReactNode } from 'react'

/**
 * A voice note's player that shows its length before it is played. The browser is asked for the
 * file's first bytes only (`preload="metadata"`); a note recorded in a browser (WebM from
 * MediaRecorder) carries no length there, and the player would read "0:00 / 0:00" until the
 * end: seeking far past its end once makes the browser read it through and learn the length,
 * then the player goes back to the start.
 */
export function VoiceNotePlayer({
  children,
  ...audio
}: Omit<AudioHTMLAttributes<HTMLAudioElement>, 'controls' | 'preload' | 'onLoadedMetadata'> & {
  children?: ReactNode
}) {
  return (
    <audio
      {...audio}
      controls
      preload="metadata"
      onLoadedMetadata={(event) => learnLength(event.currentTarget)}
    >
      {children}
    </audio>
  )
}

/** Makes the browser find the length of a recording that does not say it. */
export function learnLength(player: HTMLAudioElement) {
  if (Number.isFinite(player.duration)) return
  player.addEventListener(
    'durationchange',
    () => {
      player.currentTime = 0
    },
    { once: true },
  )
  player.currentTime = Number.MAX_SAFE_INTEGER
}
