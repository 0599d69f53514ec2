import { describeFrenchCatalogue } from '../../../test/catalogues'
import { adminFr } from './fr'

describeFrenchCatalogue('admin', adminFr)
