import Camera from 'lucide-react/icons/camera'
import Images from 'lucide-react/icons/images'
import Trash2 from 'lucide-react/icons/trash-2'
import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { formatFileSize } from '../../../lib/format-numbers'
import { type CompressedPhoto, compressPhoto } from './compress-photo'

/** A preview address for the photo while it is shown, released afterwards. */
function usePreviewUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!blob) {
      setUrl(undefined)
      return
    }
    const objectUrl = URL.createObjectURL(blob)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [blob])
  return url
}

/**
 * The photo, from the camera or the gallery, compressed on the phone before anything is sent;
 * a preview with its size, and a button to remove it.
 */
export function PhotoPicker({
  photo,
  onChange,
  error,
}: {
  photo: CompressedPhoto | null
  onChange: (photo: CompressedPhoto | null) => void
  error?: string
}) {
  const { t } = useTranslation('citizen')
  const camera = useRef<HTMLInputElement>(null)
  const gallery = useRef<HTMLInputElement>(null)
  const [compressing, setCompressing] = useState(false)
  const [unreadable, setUnreadable] = useState(false)
  const previewUrl = usePreviewUrl(photo?.blob)

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    // The same photo can be picked again after being removed.
    event.target.value = ''
    if (!file) return
    setUnreadable(false)
    setCompressing(true)
    try {
      onChange(await compressPhoto(file))
    } catch (cause) {
      console.error('photo compression failed', cause)
      setUnreadable(true)
    } finally {
      setCompressing(false)
    }
  }

  const message = error ?? (unreadable ? t('reportForm.photo.unreadable') : undefined)

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t('reportForm.photo.legend')}</legend>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        className="hidden"
        data-testid="photo-camera-input"
        onChange={(event) => void pick(event)}
      />
      <input
        ref={gallery}
        type="file"
        accept="image/*"
        className="hidden"
        data-testid="photo-gallery-input"
        onChange={(event) => void pick(event)}
      />
      {compressing ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="size-5" />
          {t('reportForm.photo.compressing')}
        </p>
      ) : photo && previewUrl ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <img
            src={previewUrl}
            alt={t('reportForm.photo.preview')}
            width={photo.width}
            height={photo.height}
            className="max-h-60 w-auto max-w-full rounded-lg border border-slate-200 object-contain"
          />
          <div className="flex flex-col gap-2">
            <p className="text-sm text-slate-700">
              <PhotoSize ready={photo.blob.size} original={photo.originalBytes} />
            </p>
            <Button variant="outline" onClick={() => onChange(null)}>
              <Trash2 aria-hidden="true" className="size-5" />
              {t('reportForm.photo.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <Button
            variant="outline"
            size="lg"
            className="px-4! text-base!"
            onClick={() => camera.current?.click()}
          >
            <Camera aria-hidden="true" className="size-6" />
            {t('reportForm.photo.camera')}
          </Button>
          <Button
            variant="outline"
            size="lg"
            className="px-4! text-base!"
            onClick={() => gallery.current?.click()}
          >
            <Images aria-hidden="true" className="size-6" />
            {t('reportForm.photo.gallery')}
          </Button>
        </div>
      )}
      {message ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  )
}

/** The size of the photo to send, and what it was before when compressing made it smaller. */
function PhotoSize({ ready, original }: { ready: number; original: number }) {
  const { t } = useTranslation('citizen')
  const size = formatFileSize(ready)
  const before = formatFileSize(original)
  // A photo already small is sent as it is: "158 Ko (au lieu de 158 Ko)" would say nothing.
  return size === before
    ? t('reportForm.photo.sizeUnchanged', { size })
    : t('reportForm.photo.size', { size, original: before })
}
