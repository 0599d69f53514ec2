import type { Translation } from '../translation'
import type { DeferredCatalogue } from './fr'

export const deferredWo: Translation<DeferredCatalogue> = {
  nav: {
    preferences: 'Sama tànneef',
  },
  preferences: {
    description: 'Làkk wi, melo gi ak dayob mbind mi, ñu denc leen ci jumtukaay bii.',
    language: 'Làkk',
    theme: 'Melo',
    themes: { light: 'Leer', dark: 'Lëndëm', system: 'Ni telefon bi' },
    fontSize: 'Dayob mbind mi',
    fontSizes: { small: 'Tuuti', medium: 'Digg', large: 'Mag' },
    animations: 'Yëngu-yëngu yi',
    animationsHint: 'Fàddal leen su yëngu-yëngu yi ci écran bi di la sonal.',
    reset: 'Delloo tànneef yu njëkk yi',
    resetDone: 'Tànneef yu njëkk yi delsi nañu',
  },
  // How long something took (statistics, the back-office's dashboard): one way of saying it.
  durations: {
    hours: '{{hours}} waxtu',
    days: '{{days}} fan',
    underAnHour: 'lu yées benn waxtu',
  },
  offline: {
    pending_one: '{{count}} yégle yu ngi xaar ngir dem',
    pending_other: '{{count}} yégle yu ngi xaar ngir dem',
    sent: 'Sa yégle bi doon xaar dem na',
    sentCode: 'Kodu topp bi : {{code}}',
  },
  map: {
    legend: 'Leeral kaart bi',
    legendToggle: 'Leeral',
    listTitle: 'Yégle yi gisu ci kàrt bi',
    listEmpty: 'Amul benn yégle ci wàll wii ci kàrt bi.',
    listGrouped: 'Yégle yi dañoo bari ci gox bii ba duñu ko mëna lim : jegeñsil ci kàrt bi.',
    listCount_one: '{{count}} yégle ci wàll wii ci kàrt bi',
    listCount_other: '{{count}} yégle ci wàll wii ci kàrt bi',
  },
  report: {
    supporters_one: '{{count}} ñu ko dimbali',
    supporters_other: '{{count}} ñu ko dimbali',
  },
  location: {
    title: 'Fu mu nekk',
    mapLabel: 'Kaartu fu yégle bi nekk',
    coordinates: 'Koordone yi',
    copy: 'Duppi',
    copyLabel: 'Duppi koordone yi {{coordinates}}',
    copied: 'Koordone yi duppi nañu',
    copyFailed: 'Mënul duppi : tànnal koordone yi ak sa loxo.',
    directions: 'Yoon wi',
    directionsLabel: 'Yoon wi ba ci yégle bi, ci aplikaasiyoŋu kaart bu telefon bi',
    directionsWebLabel: 'Yoon wi ba ci yégle bi, ci OpenStreetMap',
    openStreetMap: 'Xool ko ci OpenStreetMap',
  },
  photo: {
    open: 'Yokk nataal bi',
    title: 'Nataalu yégle bi',
    zoomIn: 'Jegeñ',
    zoomOut: 'Gis ko lépp',
    hint: 'Laalal nataal bi ngir jegeñ, diril ko ngir wëndeelu.',
  },
  sms: {
    noSmartphone: 'Amuloo smartphone? Yónneel SMS ci',
    help: 'Mu ngi lay laaj ñetti laaj: jafe-jafe bi, komin bi, ak fu mu nekk.',
  },
  place: {
    unknown: 'Waxuñu fi mu nekk',
  },
  reasons: {
    geocoding: {
      unavailable: 'Sérwiisu adrees yi tontuwul. Dañuy wone fi mu nekk ak ay coordonnées.',
    },
  },
}
