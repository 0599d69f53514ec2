import LoaderCircle from 'lucide-react/icons/loader-circle'
import { cn } from '../../lib/class-names'

export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn('size-8 animate-spin text-green-700 motion-reduce:animate-none', className)}
    />
  )
}
