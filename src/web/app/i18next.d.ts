import 'i18next'
import type { ShellCatalogue } from '../components/layout/shell-texts'
import type { SignInCatalogue } from '../components/layout/sign-in-texts'
import type { AdminCatalogue } from '../features/admin/i18n/fr'
import type { CitizenCatalogue } from '../features/citizen/i18n/fr'
import type { OrganizationCatalogue } from '../features/organization/i18n/fr'
import type { DeferredCatalogue } from '../i18n/deferred/fr'
import type { Catalogue } from '../i18n/fr'

// Every namespace's keys, so that `t('…')` is checked against its catalogue. It names the
// features' catalogues, so it sits in app/ with the rest of what composes the features.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: {
      translation: Catalogue
      deferred: DeferredCatalogue
      citizen: CitizenCatalogue
      organization: OrganizationCatalogue
      admin: AdminCatalogue
      signIn: SignInCatalogue
      shell: ShellCatalogue
    }
  }
}
