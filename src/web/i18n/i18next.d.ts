import 'i18next'
import type { AdminCatalogue } from '../features/admin/i18n/fr'
import type { CitizenCatalogue } from '../features/citizen/i18n/fr'
import type { OrganizationCatalogue } from '../features/organization/i18n/fr'
import type { DeferredCatalogue } from './deferred/fr'
import type { Catalogue } from './fr'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: {
      translation: Catalogue
      deferred: DeferredCatalogue
      citizen: CitizenCatalogue
      organization: OrganizationCatalogue
      admin: AdminCatalogue
    }
  }
}
