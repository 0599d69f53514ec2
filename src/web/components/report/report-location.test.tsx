import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ReportLocation } from './report-location'
import { ReportPhoto } from './report-photo'

vi.mock('./report-location-map', () => ({
  default: ({ latitude, longitude }: { latitude: number; longitude: number }) => (
    <div data-testid="leaflet-map">{`${latitude} ${longitude}`}</div>
  ),
}))

describe('ReportLocation', () => {
  it('shows the map, the coordinates to five decimals, and the way there', async () => {
    render(<ReportLocation latitude={14.6712} longitude={-17.43861234} label="Voirie" />)
    expect(await screen.findByTestId('leaflet-map')).toHaveTextContent('14.6712 -17.43861234')
    expect(screen.getByText('14.67120, -17.43861')).toBeInTheDocument()
    // jsdom applies no style sheet: both ways are here, CSS shows one by the screen's pointer
    // (the browser tests check which one a phone and a computer show).
    expect(
      screen.getByRole('link', {
        name: 'Itinéraire vers le signalement, dans l’application de cartes du téléphone',
      }),
    ).toHaveAttribute('href', 'geo:14.67120,-17.43861?q=14.67120,-17.43861(Voirie)')
    expect(
      screen.getByRole('link', { name: 'Itinéraire vers le signalement, sur OpenStreetMap' }),
    ).toHaveAttribute('href', 'https://www.openstreetmap.org/directions?to=14.67120,-17.43861')
    expect(screen.getByRole('link', { name: 'Voir sur OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=14.67120&mlon=-17.43861#map=17/14.67120/-17.43861',
    )
  })

  it('copies the coordinates for a crew to paste or read out', async () => {
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    render(<ReportLocation latitude={14.6712} longitude={-17.4386} label="Voirie" />)
    await user.click(screen.getByRole('button', { name: 'Copier les coordonnées 14.67120, -17.43860' }))
    expect(writeText).toHaveBeenCalledWith('14.67120, -17.43860')
  })
})

describe('ReportPhoto', () => {
  it('shows the whole photo, then large on a tap, and at its own size on a second tap', async () => {
    const user = userEvent.setup()
    render(<ReportPhoto src="/files/photo.webp" thumbnail="/files/thumb.webp" alt="Photo du signalement" />)
    expect(screen.getByRole('img', { name: 'Photo du signalement' })).toHaveAttribute(
      'src',
      '/files/thumb.webp',
    )
    await user.click(screen.getByRole('button', { name: 'Agrandir la photo' }))
    const viewer = await screen.findByRole('dialog', { name: 'Photo du signalement' })
    const full = within(viewer).getByRole('img', { name: 'Photo du signalement' })
    expect(full).toHaveAttribute('src', '/files/photo.webp')
    expect(full).toHaveClass('max-w-full')
    await user.click(within(viewer).getByRole('button', { name: 'Zoomer' }))
    expect(full).toHaveClass('max-w-none')
    expect(within(viewer).getByRole('button', { name: 'Voir en entier' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })
})
