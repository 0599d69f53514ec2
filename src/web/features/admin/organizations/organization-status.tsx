import { useTranslation } from 'react-i18next'
import type { AdminOrganization } from '../../../../domain/admin'
import { zoneLabel } from '../../../../domain/area-rules'
import {
  ORGANIZATION_STATUSES,
  ORGANIZATION_TYPES,
  type OrganizationStatus,
  SUSPENDED_LABEL,
} from '../../../../domain/organization-rules'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { toast } from '../../../lib/toast'
import { type AdminOrganizationChanges, useUpdateAdminOrganization } from '../api/update-admin-organization'

const STATUS_TONES: Record<OrganizationStatus, BadgeTone> = {
  approved: 'green',
  pending: 'yellow',
  rejected: 'red',
}

/** The new name an organisation asked for, shown under its name until an administrator decides. */
export function PendingName({ organization }: { organization: AdminOrganization }) {
  const { t } = useTranslation('admin')
  if (organization.pending_name === null) return null
  return (
    <span className="block text-sm font-normal text-amber-800">
      {t('organizations.pendingName', { name: organization.pending_name })}
    </span>
  )
}

/** The new zone an organisation asked for (issue 47), shown until an administrator decides. */
export function PendingZone({ organization }: { organization: AdminOrganization }) {
  const { t } = useTranslation('admin')
  if (organization.pending_areas === null) return null
  return (
    <span className="block text-sm font-normal text-amber-800">
      {t('organizations.pendingZone', { zone: zoneLabel(organization.pending_areas) })}
    </span>
  )
}

/** An inactive organisation shows "Suspendu" whatever its status (SPEC.md section 4). */
export function OrganizationStatusBadge({ organization }: { organization: AdminOrganization }) {
  if (!organization.is_active) return <Badge tone="orange">{SUSPENDED_LABEL}</Badge>
  const status = organization.status as OrganizationStatus
  return (
    <Badge tone={STATUS_TONES[status] ?? 'grey'}>
      {ORGANIZATION_STATUSES[status]?.label ?? organization.status}
    </Badge>
  )
}

export function organizationTypeLabel(type: string): string {
  return ORGANIZATION_TYPES[type as keyof typeof ORGANIZATION_TYPES] ?? type
}

export interface OrganizationAction {
  key:
    | 'approve'
    | 'unapprove'
    | 'reject'
    | 'suspend'
    | 'reactivate'
    | 'approveName'
    | 'rejectName'
    | 'approveZone'
    | 'rejectZone'
  changes: AdminOrganizationChanges
  danger: boolean
  /** Shuts the organisation out (its sessions end at once): asked in a confirmation first. */
  confirm?: boolean
}

/**
 * What an administrator may do to an organisation in its current state: take or refuse the new
 * name or the new zone it asked for, approve it (from any other state) or cancel the approval, reject it, and
 * suspend or reactivate it.
 */
export function organizationActions(organization: AdminOrganization): OrganizationAction[] {
  const actions: OrganizationAction[] = []
  if (organization.pending_name !== null) {
    actions.push(
      { key: 'approveName', changes: { name_change: 'approve' }, danger: false },
      { key: 'rejectName', changes: { name_change: 'reject' }, danger: true },
    )
  }
  if (organization.pending_areas !== null) {
    actions.push(
      { key: 'approveZone', changes: { zone_change: 'approve' }, danger: false },
      { key: 'rejectZone', changes: { zone_change: 'reject' }, danger: true },
    )
  }
  if (organization.status === 'approved') {
    actions.push({ key: 'unapprove', changes: { status: 'pending' }, danger: false })
  } else {
    actions.push({ key: 'approve', changes: { status: 'approved' }, danger: false })
  }
  if (organization.status !== 'rejected') {
    actions.push({ key: 'reject', changes: { status: 'rejected' }, danger: true, confirm: true })
  }
  actions.push(
    organization.is_active
      ? { key: 'suspend', changes: { is_active: false }, danger: true, confirm: true }
      : { key: 'reactivate', changes: { is_active: true }, danger: false },
  )
  return actions
}

/** Runs an action with its toasts: "Statut mis à jour", or "Erreur" / "Impossible de mettre à jour le statut". */
export function useOrganizationAction() {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const update = useUpdateAdminOrganization()
  const run = (
    organization: AdminOrganization,
    action: OrganizationAction,
    onDone?: (changed: AdminOrganization) => void,
  ) =>
    update.mutate(
      { id: organization.id, changes: action.changes },
      {
        onSuccess: (changed) => {
          toast.success(t('status.updated'))
          onDone?.(changed)
        },
        onError: () => toast.error(tRoot('common.error'), { description: t('status.updateFailed') }),
      },
    )
  return { run, isPending: update.isPending }
}
