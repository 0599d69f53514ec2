import { describeTranslations } from '../../../test/catalogues'
import { citizenEn } from './en'
import { citizenFr } from './fr'
import { citizenWo } from './wo'

describeTranslations('citizen', { fr: citizenFr, en: citizenEn, wo: citizenWo })
