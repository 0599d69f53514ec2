import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VoiceNotePlayer } from './voice-note-player'

/** The player's audio element, its length as the browser reports it, and where it plays from. */
function player(duration: number) {
  render(<VoiceNotePlayer src="/files/note.webm" aria-label="Note vocale" />)
  const audio = screen.getByLabelText('Note vocale') as HTMLAudioElement
  let length = duration
  let position = 0
  Object.defineProperty(audio, 'duration', { get: () => length })
  Object.defineProperty(audio, 'currentTime', {
    get: () => position,
    set: (value: number) => {
      position = value
    },
  })
  return {
    audio,
    /** The browser, having read the file through, now knows its length. */
    learns(seconds: number) {
      length = seconds
      position = seconds
      fireEvent(audio, new Event('durationchange'))
    },
  }
}

describe('VoiceNotePlayer', () => {
  it('asks for the length of the note before it is played, not for the whole file', () => {
    const { audio } = player(12)
    expect(audio).toHaveAttribute('preload', 'metadata')
    expect(audio).toHaveAttribute('controls')
  })

  it('finds the length of a note recorded in a browser, which does not say it, and plays it from the start', () => {
    const { audio, learns } = player(Number.POSITIVE_INFINITY)
    fireEvent(audio, new Event('loadedmetadata'))
    expect(audio.currentTime).toBeGreaterThan(1e9)
    learns(14.2)
    expect(audio.duration).toBe(14.2)
    expect(audio.currentTime).toBe(0)
  })

  it('leaves a note whose length is known where it is', () => {
    const { audio } = player(9)
    fireEvent(audio, new Event('loadedmetadata'))
    expect(audio.currentTime).toBe(0)
  })
})
