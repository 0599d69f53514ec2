import Copy from 'lucide-react/icons/copy'
import Share2 from 'lucide-react/icons/share-2'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { TEAM_MESSAGES } from '../../../../domain/team-rules'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { useSessionStore } from '../../../lib/auth/session-store'
import { formatLongDate } from '../../../lib/format-dates'
import { toast } from '../../../lib/toast'
import type { InvitedMember } from '../api/team'

/**
 * The one-time link of an invitation, to hand to the person: copied, or given to the phone's share
 * sheet (WhatsApp is how Dakar's teams talk). It is shown once: the server keeps only its hash.
 */
export function InvitationLinkPanel({ invited }: { invited: InvitedMember }) {
  const { t } = useTranslation('organization')
  const organization = useSessionStore((state) => state.user?.name ?? '')
  const field = useRef<HTMLInputElement>(null)
  const { url, expires_at } = invited.invitation
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success(TEAM_MESSAGES.linkCopied)
    } catch {
      // No clipboard (an old browser, a page not served over HTTPS): the link is selected instead.
      field.current?.select()
      toast.error(t('team.copyFailed'))
    }
  }

  const share = async () => {
    try {
      await navigator.share({ title: t('team.link'), text: t('team.shareText', { organization }), url })
    } catch {
      // Closed without choosing an application: nothing to say.
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        {t('team.linkText', { name: invited.member.name, date: formatLongDate(expires_at) })}
      </p>
      <Field label={t('team.link')}>
        {(control) => (
          <Input
            {...control}
            ref={field}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Field>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('team.copy')}
        </Button>
        {canShare ? (
          <Button variant="outline" onClick={() => void share()}>
            <Share2 aria-hidden="true" className="size-4" />
            {t('team.share')}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
