import type { ReactNode } from 'react'
import { SiteFooter } from '../../../components/layout/site-footer'
import { SiteHeader } from '../../../components/layout/site-header'

/** The frame of every citizen screen: the header and footer of the home page, a title and its text. */
export function CitizenPage({
  title,
  intro,
  children,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SiteHeader />
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 pt-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {intro ? <p className="text-slate-700">{intro}</p> : null}
        </div>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
