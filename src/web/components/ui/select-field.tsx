import { Field } from './field'
import { NativeSelect } from './native-select'

export interface SelectOption<T extends string> {
  value: T
  label: string
}

/** A labelled select among fixed options: a list's filter, or a value to change at once. */
export function SelectField<T extends string>({
  label,
  hint,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string
  hint?: string
  value: T
  options: readonly SelectOption<T>[]
  onChange: (value: T) => void
  disabled?: boolean
}) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <NativeSelect
          {...control}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
}
