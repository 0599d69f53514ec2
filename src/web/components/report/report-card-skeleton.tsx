import { Skeleton } from '../ui/skeleton'

/**
 * A placeholder with the shape of a report's card while the reports load: title and status,
 * two lines of description, and the photo's thumbnail where the card shows one.
 */
export function ReportCardSkeleton({ thumbnail = false }: { thumbnail?: boolean }) {
  return (
    <div
      data-testid="report-card-skeleton"
      aria-hidden="true"
      className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {thumbnail ? <Skeleton className="size-20 shrink-0" /> : null}
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex justify-between gap-3">
          <Skeleton className="h-5 w-2/5" />
          <Skeleton shape="pill" className="h-5 w-20" />
        </div>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  )
}
