import FileUp from 'lucide-react/icons/file-up'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  BOUNDARY_FILE_MAX_BYTES,
  BOUNDARY_MAX_POINTS,
  BOUNDARY_MESSAGES,
} from '../../../../domain/area-boundaries'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { EnabledOnceHydrated } from '../../../components/ui/enabled-once-hydrated'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../lib/toast'
import { useImportAreaBoundaries } from '../api/import-area-boundaries'
import '../i18n/fr'

/**
 * "Importer des limites (GeoJSON)": the administrator's file, read here and sent as JSON. A file
 * over the server's limit is refused before it is read, with the server's own words; the server's
 * refusal (a feature it cannot take, named) is shown under the field.
 */
export function BoundaryImport() {
  const { t } = useTranslation('admin')
  const titleId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string>()
  const importBoundaries = useImportAreaBoundaries()
  const hint = t('areas.import.hint', {
    megabytes: BOUNDARY_FILE_MAX_BYTES / (1024 * 1024),
    points: BOUNDARY_MAX_POINTS.toLocaleString('fr-FR'),
  })

  const choose = (chosen: File | null) => {
    setError(undefined)
    if (chosen && chosen.size > BOUNDARY_FILE_MAX_BYTES) {
      setFile(null)
      if (input.current) input.current.value = ''
      setError(BOUNDARY_MESSAGES.tooLarge)
      return
    }
    setFile(chosen)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!file) return setError(t('areas.import.noFile'))
    let collection: unknown
    try {
      collection = JSON.parse(await file.text())
    } catch {
      // Not JSON at all: what the server says of a file that is no FeatureCollection.
      return setError(BOUNDARY_MESSAGES.notACollection)
    }
    importBoundaries.mutate(collection, {
      onSuccess: ({ updated }) => {
        toast.success(t('areas.import.done', { count: updated }), { description: t('areas.import.doneText') })
        setFile(null)
        if (input.current) input.current.value = ''
      },
      onError: (failure) => setError(failure.message),
    })
  }

  return (
    <Card asChild>
      <section aria-labelledby={titleId} className="flex flex-col gap-3 p-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('areas.import.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('areas.import.text')}</p>
        <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
          <EnabledOnceHydrated>
            <Field label={t('areas.import.field')} hint={hint} error={error}>
              {(control) => (
                <Input
                  {...control}
                  ref={input}
                  type="file"
                  accept=".geojson,.json,application/geo+json,application/json"
                  className="py-2"
                  onChange={(event) => choose(event.target.files?.[0] ?? null)}
                />
              )}
            </Field>
            <div>
              <Button type="submit" disabled={importBoundaries.isPending}>
                <FileUp aria-hidden="true" className="size-4" />
                {importBoundaries.isPending ? t('areas.import.importing') : t('areas.import.submit')}
              </Button>
            </div>
          </EnabledOnceHydrated>
        </form>
      </section>
    </Card>
  )
}
