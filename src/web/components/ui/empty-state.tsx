import type { ComponentType, ReactNode, SVGProps } from 'react'

/** What a list shows when it has nothing: an icon, a title and an optional hint or action. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>
  title: string
  text?: string
  children?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <Icon aria-hidden="true" className="size-10 text-slate-400" />
      <p className="text-base font-semibold text-slate-800">{title}</p>
      {text ? <p className="max-w-sm text-sm text-slate-600">{text}</p> : null}
      {children}
    </div>
  )
}
