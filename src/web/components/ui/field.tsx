import { type ReactElement, useId } from 'react'
import { cn } from '../../lib/class-names'

export interface FieldProps {
  label: string
  /** The validation message shown under the control, in red, and announced with it. */
  error?: string
  /** A hint shown under the control when there is no error. */
  hint?: string
  className?: string
  /** Renders the control with `id`, `aria-invalid` and `aria-describedby` wired to the label and messages. */
  children: (control: {
    id: string
    'aria-invalid': boolean | undefined
    'aria-describedby': string | undefined
  }) => ReactElement
}

/** A labelled form control with its hint or error message. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  const message = error ?? hint
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': message ? messageId : undefined,
      })}
      {message ? (
        <p
          id={messageId}
          role={error ? 'alert' : undefined}
          className={cn('text-sm', error ? 'font-medium text-red-700' : 'text-slate-600')}
        >
          {message}
        </p>
      ) : null}
    </div>
  )
}
