import { useMutation } from '@tanstack/react-query'
import type { AdminReportFilters, ExportLink } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'

export function createExportLink(filters: AdminReportFilters): Promise<ExportLink> {
  const body: AdminReportFilters = {}
  if (filters.q) body.q = filters.q
  if (filters.status) body.status = filters.status
  if (filters.priority) body.priority = filters.priority
  if (filters.area) body.area = filters.area
  if (filters.overdue) body.overdue = filters.overdue
  return authRequest<ExportLink>('/api/admin/reports/export-link', { method: 'POST', json: body })
}

/**
 * Follows a download address: the browser saves the streamed file itself, so a large export
 * never sits in the page's memory.
 */
export function startDownload(url: string) {
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * "Exporter": asks the server for a one-minute signed link to the CSV of the filtered reports
 * (POST /api/admin/reports/export-link), then downloads it.
 */
export function useExportReports() {
  return useMutation({
    mutationFn: createExportLink,
    onSuccess: (link) => startDownload(link.url),
  })
}
