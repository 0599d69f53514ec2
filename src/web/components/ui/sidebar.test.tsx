import { act, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { onAPhoneScreen } from '../../test/phone-screen'
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from './sidebar'

function Frame({ onRender }: { onRender?: (isMobile: boolean) => void }) {
  return (
    <SidebarProvider>
      <Sidebar title="Espace Organisation">
        <p>Liens</p>
      </Sidebar>
      <SidebarTrigger />
      <Seen onRender={onRender} />
    </SidebarProvider>
  )
}

/** Tells what each render of the frame believed about the screen. */
function Seen({ onRender }: { onRender?: (isMobile: boolean) => void }) {
  onRender?.(useSidebar().isMobile)
  return null
}

/** The frame server-rendered, then hydrated on this (phone-sized) window. */
async function hydrateServerFrame() {
  const container = document.createElement('div')
  document.body.append(container)
  container.innerHTML = renderToString(<Frame />)
  const mismatches: unknown[] = []
  const root = hydrateRoot(container, <Frame />, { onRecoverableError: (error) => mismatches.push(error) })
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  return { container, mismatches, root }
}

afterEach(() => {
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

describe('the sidebar on a phone', () => {
  it('hydrates the frame the server rendered, then becomes the menu sheet', async () => {
    onAPhoneScreen()
    const { container, mismatches, root } = await hydrateServerFrame()
    expect(mismatches).toEqual([])
    // The desktop bar the server rendered (hidden by CSS on a phone) gives way to the sheet.
    expect(container.querySelector('aside')).toBeNull()
    const trigger = screen.getByRole('button', { name: 'Afficher ou masquer le menu latéral (Ctrl+B)' })
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(trigger)
    expect(await screen.findByRole('dialog', { name: 'Espace Organisation' })).toBeInTheDocument()
    expect(screen.getByText('Liens')).toBeVisible()
    root.unmount()
  })

  it('is the menu sheet from its first render when opened after hydration', async () => {
    onAPhoneScreen()
    const { root } = await hydrateServerFrame()
    const seen: boolean[] = []
    render(<Frame onRender={(isMobile) => seen.push(isMobile)} />)
    expect(seen[0]).toBe(true)
    expect(seen).not.toContain(false)
    root.unmount()
  })
})
