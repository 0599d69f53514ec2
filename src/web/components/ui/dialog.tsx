import * as RadixDialog from '@radix-ui/react-dialog'
import X from 'lucide-react/icons/x'
import { type FormEventHandler, type ReactNode, useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/class-names'
import { Button } from './button'

export const Dialog = RadixDialog.Root
export const DialogTrigger = RadixDialog.Trigger
export const DialogClose = RadixDialog.Close

export interface DialogContentProps {
  title: string
  /** Read by screen readers; shown under the title unless `hideDescription`. */
  description?: string
  hideDescription?: boolean
  children?: ReactNode
  /** The buttons at the bottom (cancel, confirm…). */
  footer?: ReactNode
  className?: string
}

/**
 * Whether the element's content overflows it. A body that scrolls takes the focus (tabIndex 0),
 * so that a keyboard can scroll a long text that holds nothing else to focus.
 */
function useOverflows<T extends HTMLElement>() {
  const [overflows, setOverflows] = useState(false)
  const observer = useRef<ResizeObserver | null>(null)
  // A callback ref: the body exists only while the dialog is open, long after the first render.
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!element || typeof ResizeObserver !== 'function') return
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight)
    observer.current = new ResizeObserver(measure)
    observer.current.observe(element)
    for (const child of element.children) observer.current.observe(child)
    measure()
  }, [])
  return { ref, overflows }
}

/** A centred modal window: focus trapped, Escape and the close button dismiss it. */
export function DialogContent({
  title,
  description,
  hideDescription = false,
  children,
  footer,
  className,
}: DialogContentProps) {
  const { t } = useTranslation()
  const body = useOverflows<HTMLDivElement>()
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-[1200] bg-slate-900/50" />
      <RadixDialog.Content
        className={cn(
          'dialog-content fixed top-1/2 left-1/2 z-[1200] flex max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-xl bg-white shadow-xl focus:outline-none',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div className="flex flex-col gap-1">
            <RadixDialog.Title className="text-lg font-bold text-slate-900">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className={hideDescription ? 'sr-only' : 'text-sm text-slate-600'}>
                {description}
              </RadixDialog.Description>
            ) : (
              <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
            )}
          </div>
          <RadixDialog.Close
            aria-label={t('common.close')}
            className="-mr-2 rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </div>
        <div
          ref={body.ref}
          tabIndex={body.overflows ? 0 : undefined}
          className="flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-green-600"
        >
          {/* Measured: its height tells whether the body scrolls. */}
          <div>{children}</div>
        </div>
        {footer ? (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
            {footer}
          </div>
        ) : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  )
}

/**
 * The footer buttons of a dialog that sends something: "Annuler", then the button that submits
 * the dialog's form (`form`) or confirms (`onConfirm`). While the server answers both are
 * disabled and the second one says so.
 */
export function DialogActions({
  label,
  busyLabel,
  busy,
  form,
  onConfirm,
}: {
  label: string
  busyLabel: string
  busy: boolean
  form?: string
  onConfirm?: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <RadixDialog.Close asChild>
        <Button variant="outline" disabled={busy}>
          {t('common.cancel')}
        </Button>
      </RadixDialog.Close>
      <Button type={form ? 'submit' : 'button'} form={form} onClick={onConfirm} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  )
}

/** A dialog holding a form: its fields, then "Annuler" and the button that sends it. */
export function FormDialogContent({
  formId,
  onSubmit,
  label,
  busyLabel,
  busy,
  children,
  ...content
}: Omit<DialogContentProps, 'footer'> & {
  formId: string
  onSubmit: FormEventHandler<HTMLFormElement>
  label: string
  busyLabel: string
  busy: boolean
}) {
  return (
    <DialogContent
      {...content}
      footer={<DialogActions form={formId} busy={busy} label={label} busyLabel={busyLabel} />}
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {children}
      </form>
    </DialogContent>
  )
}
