import type { Catalogue } from './fr'
import type { Translation } from './translation'

// The shared texts in Wolof (Latin script, the official spelling of the CLAD), fetched only by
// those who choose Wolof. To be reviewed by a native speaker before going live.
export const wo: Translation<Catalogue> = {
  app: {
    name: 'Alertes urbaines',
    department: 'Departmaa Ndakaaru, Diiwaanu Ndakaaru, Senegaal',
  },
  nav: {
    openMenu: 'Ubbi menu bi',
    closeMenu: 'Tëj menu bi',
    menuDescription: 'Yoonu dem ci Alertes urbaines',
    home: 'Xët wu njëkk',
    myReports: 'Samay yégle',
    notifications: 'Xibaar yi',
    about: 'Ci mbir mi',
    report: 'Yégle benn jafe-jafe',
    statistics: 'Limu yi',
    tracking: 'Topp benn yégle',
    organizationSpace: 'Bérébu mbootaay yi',
    organizationLogin: 'Duggu mbootaay',
    organizationSignup: 'Bindu mbootaay',
    mainNavigation: 'Yoonu dem bu mag',
  },
  offline: {
    banner: 'Amoo internet : li ngay yégle dina dem bu internet dellusee.',
  },
  footer: {
    navigation: 'Lëkkalekaay yu am solo',
    contact: 'Jokkoo ak nun',
    place: 'Departmaa Ndakaaru, Senegaal',
    copyright: '© {{year}} Alertes urbaines',
  },
  home: {
    meta: {
      title: 'Alertes urbaines : yégle jafe-jafe yi ci dëkk yi, ci Senegaal',
    },
    reportButton: 'Yégle',
    incidentCount_one: '{{count, number}} jafe-jafe lañu yégle ci departmaa Ndakaaru',
    incidentCount_other: '{{count, number}} jafe-jafe lañu yégle ci departmaa Ndakaaru',
    recent: {
      title: 'Jafe-jafe yu bees yi',
      loading: 'Yégle yi ñu ngi ñëw...',
      loaded_one: '{{count}} yégle yu bees',
      loaded_other: '{{count}} yégle yu bees',
      emptyTitle: 'Kenn yégleegul dara',
      emptyText: 'Nekkal ki jëkk a yégle benn jafe-jafe !',
    },
  },
  map: {
    label: 'Kàrtu Ndakaaru ngir yégle yi',
    loading: 'Kàrt bi mu ngi ñëw...',
    recenter: 'Dellu fi ma nekk',
    zoomIn: 'Jegeñsi',
    zoomOut: 'Sori',
    yourPosition: 'Fi nga nekk léegi',
    cluster_one: '{{count}} yégle ci gox bii : jegeñsil',
    cluster_other: '{{count}} yégle ci gox bii : jegeñsil',
    skipToList: 'Dem ci limu yégle yi nekk ci kàrt bi',
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  },
  report: {
    filedOn: 'Yégle nañu ko {{date}}',
  },
  reportStatus: {
    'en-attente': 'Mu ngi xaar',
    'en-cours': 'Ñu ngi ciy liggéey',
    resolu: 'Defar nañu ko',
    rejete: 'Bañ nañu ko',
  },
  location: {
    unsupported: 'Navigateur bii mënul gis fi nga nekk',
    denied: 'Mayuloo ñu xam fi nga nekk',
    unavailable: 'Mënuñu xam fi nga nekk',
    timeout: 'Seet fi nga nekk yàgg na lool',
  },
  notFound: {
    title: 'Xët wi amul',
    text: 'Xët wi ngay seet amul walla ñu toxal ko.',
    metaTitle: 'Xët wi amul | Alertes urbaines',
  },
  error: {
    title: 'Unexpected Application Error!',
    text: 'Njuumte am na. Yeesalal xët wi walla dellu ci xët wu njëkk wi.',
  },
  api: {
    network: 'Jokkoo gi mënul. Seetal sa internet.',
    unexpected: 'Serwër bi tontu na lu ñu xamul.',
  },
  common: {
    backHome: 'Dellu ci xët wu njëkk wi',
    close: 'Tëj',
    cancel: 'Neenal',
    refresh: 'Yeesal',
    search: 'Seet',
    loading: 'Mu ngi ñëw...',
    anonymous: 'Kenn xamul ku mu',
    error: 'Njuumte',
    retry: 'Jéemaat',
    loadError: 'Mënuñu indi xibaar yi. Seetal sa internet te jéemaat.',
  },
  toast: {
    region: 'Xibaar yi',
    close: 'Close toast',
  },
}
