import { useId } from 'react'
import { cn } from '../../lib/class-names'

/**
 * A small set of exclusive choices as large radio buttons (arrows move, one tap chooses):
 * language, theme, text size.
 */
export function ChoiceGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
  name,
}: {
  legend: string
  value: T
  options: { value: T; label: string; lang?: string }[]
  onChange: (value: T) => void
  name: string
}) {
  const id = useId()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            lang={option.lang}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-600',
              option.value === value
                ? 'border-green-700 bg-green-50 text-green-900'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={`${name}-${id}`}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-green-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
