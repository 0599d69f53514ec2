import List from 'lucide-react/icons/list'
import MapIcon from 'lucide-react/icons/map'
import { useTranslation } from 'react-i18next'
import { LIST_ON_MAP, LIST_VIEW_PARAMETER } from '../../../../domain/page'
import { cn } from '../../../lib/class-names'
import { useAddressParams } from '../../../lib/use-address-params'
import '../i18n/fr'

/** Whether a list is shown as a list or on its map, kept in the page's address (a reload, a shared link, "back"). */
export function useListOrMap() {
  const [params, updateParams] = useAddressParams()
  const onMap = params.get(LIST_VIEW_PARAMETER) === LIST_ON_MAP
  const show = (map: boolean) =>
    updateParams((current) => {
      const next = new URLSearchParams(current)
      if (map) next.set(LIST_VIEW_PARAMETER, LIST_ON_MAP)
      else next.delete(LIST_VIEW_PARAMETER)
      return next
    })
  return [onMap, show] as const
}

/** "Liste" and "Carte", side by side: which one shows the reports. */
export function ListOrMapSwitch({ onMap, onChange }: { onMap: boolean; onChange: (map: boolean) => void }) {
  const { t } = useTranslation('organization')
  const choices = [
    { map: false, label: t('map.list'), Icon: List },
    { map: true, label: t('map.map'), Icon: MapIcon },
  ]
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
      <legend className="sr-only">{t('map.switch')}</legend>
      {choices.map(({ map, label, Icon }) => (
        <label
          key={label}
          className={cn(
            'relative inline-flex h-9 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-600',
            onMap === map ? 'bg-green-700 text-white' : 'text-slate-800 hover:bg-slate-100',
          )}
        >
          <input
            type="radio"
            name="list-or-map"
            // Over the whole choice, unseen: the label is what shows, the radio what is tapped.
            className="absolute inset-0 cursor-pointer opacity-0"
            checked={onMap === map}
            onChange={() => onChange(map)}
          />
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </label>
      ))}
    </fieldset>
  )
}
