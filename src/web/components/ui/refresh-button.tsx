import RefreshCw from 'lucide-react/icons/refresh-cw'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/class-names'
import { Button } from './button'

/** "Actualiser": asks the server again; the arrows turn while it answers. */
export function RefreshButton({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <Button variant="outline" onClick={onRefresh} disabled={busy}>
      <RefreshCw
        aria-hidden="true"
        className={cn('size-4', busy && 'animate-spin motion-reduce:animate-none')}
      />
      {t('common.refresh')}
    </Button>
  )
}
