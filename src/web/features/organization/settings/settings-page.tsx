import ShieldCheck from 'lucide-react/icons/shield-check'
import UserRound from 'lucide-react/icons/user-round'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../components/layout/page-header'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { usePageMeta } from '../../../lib/page-meta'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'
import { profileQueryOptions } from '../api/get-profile'
import { PhoneNotificationsCard } from './phone-notifications-card'
import { ProfileTab } from './profile-tab'
import { SecurityTab } from './security-tab'

/** Paramètres: this phone's notifications, then tabs Profil and Sécurité. */
export function SettingsPage() {
  const { t } = useTranslation('organization')
  usePageMeta({ title: t('meta.settings'), description: t('meta.description') })
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('nav.settings')} subtitle={t('settings.subtitle')} />
      <PhoneNotificationsCard />
      <Tabs defaultValue="profile">
        <TabsList aria-label={t('settings.tabs')} className="sm:max-w-sm">
          <TabsTrigger value="profile">
            <UserRound aria-hidden="true" className="size-4" />
            {t('settings.profileTab')}
          </TabsTrigger>
          <TabsTrigger value="security">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('settings.securityTab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
      </Tabs>
    </div>
  )
}

export { SettingsPage as Component }

export const handle: PageHandle = { rendered: 'session' }
export const loader = pageLoader(() => [profileQueryOptions()], 'organization')
