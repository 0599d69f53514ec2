import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminOrganization } from '../../../../domain/admin'
import { Dialog, DialogActions, DialogContent } from '../../../components/ui/dialog'
import { type OrganizationAction, useOrganizationAction } from './organization-status'

/** The organisation as the server answers after the change. */
type Changed = AdminOrganization

const CONFIRMATIONS = {
  reject: {
    title: 'organizations.rejectTitle',
    text: 'organizations.rejectText',
    busy: 'organizations.rejecting',
  },
  suspend: {
    title: 'organizations.suspendTitle',
    text: 'organizations.suspendText',
    busy: 'organizations.suspending',
  },
} as const

interface Asked {
  organization: AdminOrganization
  action: OrganizationAction & { key: keyof typeof CONFIRMATIONS }
  onDone?: (changed: Changed) => void
}

const isConfirmed = (action: OrganizationAction): action is Asked['action'] =>
  Boolean(action.confirm) && action.key in CONFIRMATIONS

/**
 * The row menu's and the details' actions, those that shut an organisation out (rejecting,
 * suspending) asked first in a confirmation that names it; the others run at once. `dialog` is
 * to be rendered by the caller (outside the menu, which closes when an item is chosen).
 */
export function useConfirmedOrganizationAction(): {
  request: (
    organization: AdminOrganization,
    action: OrganizationAction,
    onDone?: (changed: Changed) => void,
  ) => void
  isPending: boolean
  dialog: ReactNode
} {
  const { t } = useTranslation('admin')
  const action = useOrganizationAction()
  const [asked, setAsked] = useState<Asked | null>(null)

  const request = (
    organization: AdminOrganization,
    item: OrganizationAction,
    onDone?: (changed: Changed) => void,
  ) => {
    if (isConfirmed(item)) setAsked({ organization, action: item, onDone })
    else action.run(organization, item, onDone)
  }

  const texts = asked ? CONFIRMATIONS[asked.action.key] : null
  const dialog = (
    <Dialog open={asked !== null} onOpenChange={(open) => !open && !action.isPending && setAsked(null)}>
      {asked && texts ? (
        <DialogContent
          title={t(texts.title)}
          description={t(texts.text, { name: asked.organization.name })}
          footer={
            <DialogActions
              label={t(`organizations.${asked.action.key}`)}
              busyLabel={t(texts.busy)}
              busy={action.isPending}
              onConfirm={() =>
                action.run(asked.organization, asked.action, (changed) => {
                  setAsked(null)
                  asked.onDone?.(changed)
                })
              }
            />
          }
        />
      ) : null}
    </Dialog>
  )
  return { request, isPending: action.isPending, dialog }
}
