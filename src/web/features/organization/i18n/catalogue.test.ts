import { describeFrenchCatalogue } from '../../../test/catalogues'
import { organizationFr } from './fr'

describeFrenchCatalogue('organization', organizationFr)
