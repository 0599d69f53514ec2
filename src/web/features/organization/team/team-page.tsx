import Link2 from 'lucide-react/icons/link-2'
import UserCheck from 'lucide-react/icons/user-check'
import UserCog from 'lucide-react/icons/user-cog'
import UserX from 'lucide-react/icons/user-x'
import Users from 'lucide-react/icons/users'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import type { Member } from '../../../../domain/team'
import {
  MEMBER_ROLE_LABELS,
  MEMBER_STATUS_LABELS,
  type MemberStatus,
  memberChangeNeedsPassword,
  TEAM_MESSAGES,
  TOURNEE_PATH,
} from '../../../../domain/team-rules'
import { PageHeader } from '../../../components/layout/page-header'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { LoadError } from '../../../components/ui/load-error'
import { useIsMobile } from '../../../components/ui/sidebar'
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton'
import { Cell, RowHeader, Table, TableBody, TableHeader } from '../../../components/ui/table'
import { ApiError } from '../../../lib/api-client'
import { useSessionStore } from '../../../lib/auth/session-store'
import { formatLongDate } from '../../../lib/format-dates'
import { usePageMeta } from '../../../lib/page-meta'
import { toast } from '../../../lib/toast'
import {
  type InvitedMember,
  membersQueryOptions,
  useMembers,
  useReinviteMember,
  useUpdateMember,
} from '../api/team'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'
import { useIsResponsable } from '../layout/use-is-responsable'
import { InvitationLinkPanel } from './invitation-link'
import { InviteMemberDialog } from './invite-member-dialog'
import { usePasswordConfirmation, type WithPassword } from './password-confirmation'

const STATUS_TONES: Record<MemberStatus, BadgeTone> = { active: 'green', invited: 'yellow', disabled: 'grey' }

function MemberBadges({ member }: { member: Member }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={member.role === 'responsable' ? 'blue' : 'grey'}>{MEMBER_ROLE_LABELS[member.role]}</Badge>
      <Badge tone={STATUS_TONES[member.status]}>{MEMBER_STATUS_LABELS[member.status]}</Badge>
    </span>
  )
}

function LastLogin({ member }: { member: Member }) {
  const { t } = useTranslation('organization')
  return <>{member.last_login ? formatLongDate(member.last_login) : t('team.neverLoggedIn')}</>
}

/**
 * What a responsable may do to another member: change their role, disable or enable them, give
 * an invited person a new link or withdraw their invitation. Nobody changes their own role or
 * access here (the server refuses it too). What could hand the team over goes with the
 * responsable's password (`withPassword`).
 */
function MemberActions({
  member,
  onNewLink,
  withPassword,
}: {
  member: Member
  onNewLink: (invited: InvitedMember) => void
  withPassword: WithPassword
}) {
  const { t } = useTranslation('organization')
  const update = useUpdateMember()
  const reinvite = useReinviteMember()
  const busy = update.isPending || reinvite.isPending
  const failed = (error: unknown) =>
    toast.error(error instanceof ApiError ? error.message : t('team.updateFailed'))
  const change = (changes: { role?: Member['role']; status?: 'active' | 'disabled' }, done?: string) => {
    const send = (currentPassword?: string) =>
      update.mutateAsync({ id: member.id, ...changes, currentPassword })
    const sent = memberChangeNeedsPassword(member, changes) ? withPassword(send) : send()
    sent.then((updated) => updated && done && toast.success(done)).catch(failed)
  }
  const newLink = () =>
    withPassword((currentPassword) => reinvite.mutateAsync({ id: member.id, currentPassword }))
      .then((invited) => invited && onNewLink(invited))
      .catch(failed)

  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t('team.actionsFor', { name: member.name })}</legend>
      {member.status === 'invited' ? (
        <Button variant="outline" size="md" disabled={busy} onClick={newLink}>
          <Link2 aria-hidden="true" className="size-4" />
          {t('team.newLink')}
        </Button>
      ) : null}
      <Button
        variant="outline"
        size="md"
        disabled={busy}
        onClick={() => change({ role: member.role === 'agent' ? 'responsable' : 'agent' })}
      >
        <UserCog aria-hidden="true" className="size-4" />
        {member.role === 'agent' ? t('team.makeResponsable') : t('team.makeAgent')}
      </Button>
      {member.status === 'invited' ? (
        <Button
          variant="outline"
          size="md"
          disabled={busy}
          onClick={() => change({ status: 'disabled' }, TEAM_MESSAGES.invitationWithdrawn)}
        >
          <UserX aria-hidden="true" className="size-4" />
          {t('team.withdraw')}
        </Button>
      ) : member.status === 'disabled' ? (
        <Button variant="outline" size="md" disabled={busy} onClick={() => change({ status: 'active' })}>
          <UserCheck aria-hidden="true" className="size-4" />
          {t('team.enable')}
        </Button>
      ) : (
        <Button variant="outline" size="md" disabled={busy} onClick={() => change({ status: 'disabled' })}>
          <UserX aria-hidden="true" className="size-4" />
          {t('team.disable')}
        </Button>
      )}
    </fieldset>
  )
}

interface ListProps {
  members: Member[]
  selfId: string | undefined
  onNewLink: (invited: InvitedMember) => void
  withPassword: WithPassword
}

/** The members as a table, or as cards one under the other on a phone. */
function MemberList({ members, selfId, onNewLink, withPassword }: ListProps) {
  const { t } = useTranslation('organization')
  const isMobile = useIsMobile()
  const nameOf = (member: Member) => (member.id === selfId ? `${member.name} ${t('team.you')}` : member.name)
  const actionsOf = (member: Member) =>
    member.id === selfId ? null : (
      <MemberActions member={member} onNewLink={onNewLink} withPassword={withPassword} />
    )
  if (isMobile) {
    return (
      <ul aria-label={t('team.list')} className="flex flex-col gap-3">
        {members.map((member) => (
          <li key={member.id}>
            <Card asChild>
              <article className="flex flex-col gap-2 p-4 text-sm">
                <h2 className="font-semibold text-slate-900">{nameOf(member)}</h2>
                <MemberBadges member={member} />
                <p className="break-all text-slate-700">{member.email}</p>
                <p className="text-slate-600">
                  {t('team.lastLogin')}
                  {'\u202f: '}
                  <LastLogin member={member} />
                </p>
                {actionsOf(member)}
              </article>
            </Card>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <Table caption={t('team.list')} className="min-w-[48rem]">
      <TableHeader
        columns={[t('team.name'), t('team.email'), t('team.role'), t('team.lastLogin'), t('team.actions')]}
      />
      <TableBody>
        {members.map((member) => (
          <tr key={member.id}>
            <RowHeader>{nameOf(member)}</RowHeader>
            <Cell className="break-all text-slate-800">{member.email}</Cell>
            <Cell>
              <MemberBadges member={member} />
            </Cell>
            <Cell className="whitespace-nowrap text-slate-800">
              <LastLogin member={member} />
            </Cell>
            <Cell>{actionsOf(member)}</Cell>
          </tr>
        ))}
      </TableBody>
    </Table>
  )
}

/** The team as its responsables see it and manage it. */
function Team() {
  const { t } = useTranslation('organization')
  usePageMeta({ title: t('meta.team'), description: t('meta.description') })
  const selfId = useSessionStore((state) => state.user?.member?.id)
  const members = useMembers()
  const [newLink, setNewLink] = useState<InvitedMember | null>(null)
  // Kept while the responsable stays on this screen, for its next actions only.
  const password = usePasswordConfirmation()

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('nav.team')} subtitle={t('team.subtitle')}>
        <InviteMemberDialog withPassword={password.run} />
      </PageHeader>
      {members.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} className="h-14 w-full" />
          ))}
        </div>
      ) : members.isError ? (
        <LoadError title={t('team.loadFailed')} onRetry={() => void members.refetch()} />
      ) : members.data.items.length === 0 ? (
        <EmptyState icon={Users} title={t('team.list')} />
      ) : (
        <MemberList
          members={members.data.items}
          selfId={selfId}
          onNewLink={setNewLink}
          withPassword={password.run}
        />
      )}
      {password.dialog}
      <Dialog open={newLink !== null} onOpenChange={(open) => (open ? undefined : setNewLink(null))}>
        {newLink ? (
          <DialogContent
            title={t('team.newLinkTitle')}
            footer={
              <DialogClose asChild>
                <Button variant="outline">{t('team.done')}</Button>
              </DialogClose>
            }
          >
            <InvitationLinkPanel invited={newLink} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  )
}

/**
 * /organization/equipe: the organisation's members, for its responsables (issue 29). An agent,
 * whom the API refuses the team (403), is sent to their home before the screen renders anything,
 * rather than shown that refusal as a load error.
 */
export function TeamPage() {
  if (!useIsResponsable()) return <Navigate to={TOURNEE_PATH} replace />
  return <Team />
}

export { TeamPage as Component }

export const handle: PageHandle = { rendered: 'session' }
// The team is its responsables' to read: an agent's browser does not ask (the page sends them on).
export const loader = pageLoader(
  () => [useSessionStore.getState().user?.member?.role === 'agent' ? null : membersQueryOptions()],
  'organization',
)
