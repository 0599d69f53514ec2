import * as RadixDialog from '@radix-ui/react-dialog'
import X from 'lucide-react/icons/x'
import ZoomIn from 'lucide-react/icons/zoom-in'
import ZoomOut from 'lucide-react/icons/zoom-out'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/button'
import '../../i18n/deferred/fr'

/**
 * A report's photo, whole (never cropped), and large on a tap: the full file over the whole
 * screen, fitted; a tap (or the zoom button) shows it at its own size, to be moved around with a
 * finger (and pinched, the browser's own zoom).
 */
export function ReportPhoto({
  src,
  thumbnail,
  alt,
}: {
  /** The full photo. */
  src: string
  /** A lighter copy for the dialog, when there is one. */
  thumbnail?: string | null
  alt: string
}) {
  const { t } = useTranslation('deferred')
  const { t: tRoot } = useTranslation()
  const [zoomed, setZoomed] = useState(false)
  return (
    <RadixDialog.Root onOpenChange={() => setZoomed(false)}>
      <RadixDialog.Trigger asChild>
        <button
          type="button"
          aria-label={t('photo.open')}
          className="group relative block w-full cursor-zoom-in overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:ring-2 focus-visible:ring-green-600 focus-visible:outline-none"
        >
          <img src={thumbnail ?? src} alt={alt} decoding="async" className="max-h-80 w-full object-contain" />
          <span className="absolute right-2 bottom-2 rounded-full bg-slate-900/70 p-2 text-white">
            <ZoomIn aria-hidden="true" className="size-5" />
          </span>
        </button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[1300] bg-slate-950/90" />
        <RadixDialog.Content className="fixed inset-0 z-[1300] flex flex-col text-white focus:outline-none">
          <div className="flex items-center justify-between gap-2 p-2">
            <RadixDialog.Title className="px-2 text-base font-semibold">{t('photo.title')}</RadixDialog.Title>
            <RadixDialog.Description className="sr-only">{t('photo.hint')}</RadixDialog.Description>
            <div className="flex gap-2">
              <Button
                variant="ghost"
                size="icon"
                className="text-white hover:bg-white/10"
                aria-label={zoomed ? t('photo.zoomOut') : t('photo.zoomIn')}
                aria-pressed={zoomed}
                onClick={() => setZoomed(!zoomed)}
              >
                {zoomed ? (
                  <ZoomOut aria-hidden="true" className="size-6" />
                ) : (
                  <ZoomIn aria-hidden="true" className="size-6" />
                )}
              </Button>
              <RadixDialog.Close asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-white hover:bg-white/10"
                  aria-label={tRoot('common.close')}
                >
                  <X aria-hidden="true" className="size-6" />
                </Button>
              </RadixDialog.Close>
            </div>
          </div>
          <div
            className={
              zoomed
                ? 'flex-1 touch-pan-x touch-pan-y touch-pinch-zoom overflow-auto'
                : 'flex flex-1 items-center justify-center overflow-hidden p-2 touch-pinch-zoom'
            }
          >
            {/* The photo is the zoom's own control: a tap zooms in or back out. */}
            <button
              type="button"
              tabIndex={-1}
              onClick={() => setZoomed(!zoomed)}
              className={
                zoomed
                  ? 'block cursor-zoom-out'
                  : 'flex h-full w-full items-center justify-center cursor-zoom-in'
              }
            >
              <img
                src={src}
                alt={alt}
                className={zoomed ? 'max-w-none' : 'max-h-full max-w-full object-contain'}
              />
            </button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
