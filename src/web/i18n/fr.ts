import { REPORT_STATUSES } from '../../domain/report-states'

// The shared texts of the interface, in French (the default language). The other catalogues
// (en.ts, wo.ts) copy this shape key for key; i18n.test.ts fails on a missing key.
export const fr = {
  app: {
    name: 'Alertes urbaines',
    department: 'Département de Dakar, Région de Dakar, Sénégal',
  },
  nav: {
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    menuDescription: 'Navigation principale d’Alertes urbaines',
    home: 'Accueil',
    myReports: 'Mes signalements',
    notifications: 'Notifications',
    about: 'À propos',
    report: 'Signaler un problème',
    statistics: 'Statistiques',
    tracking: 'Suivi des signalements',
    organizationSpace: 'Espace Organisation',
    organizationLogin: 'Connexion Organisation',
    organizationSignup: 'Inscription Organisation',
    mainNavigation: 'Navigation principale',
  },
  offline: {
    banner: 'Hors connexion : ce que vous signalez sera envoyé dès le retour du réseau.',
  },
  footer: {
    navigation: 'Liens utiles',
    contact: 'Contact',
    place: 'Département de Dakar, Sénégal',
    copyright: '© {{year}} Alertes urbaines',
  },
  home: {
    meta: {
      title: 'Plateforme d’alertes urbaines au Sénégal',
    },
    reportButton: 'Signaler',
    incidentCount_one: '{{count, number}} incident rapporté dans le département de Dakar',
    incidentCount_other: '{{count, number}} incidents rapportés dans le département de Dakar',
    recent: {
      title: 'Incidents récents',
      loading: 'Chargement des signalements...',
      loaded_one: '{{count}} signalement récent',
      loaded_other: '{{count}} signalements récents',
      emptyTitle: 'Aucun incident signalé',
      emptyText: 'Soyez le premier à signaler un problème !',
    },
  },
  map: {
    label: 'Carte interactive de Dakar pour les signalements',
    loading: 'Chargement de la carte...',
    recenter: 'Recentrer sur ma position',
    zoomIn: 'Zoom avant',
    zoomOut: 'Zoom arrière',
    yourPosition: 'Votre position actuelle',
    cluster_one: '{{count}} signalement dans cette zone : zoomer',
    cluster_other: '{{count}} signalements dans cette zone : zoomer',
    skipToList: 'Aller à la liste des signalements de la carte',
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  },
  report: {
    filedOn: 'Signalé le {{date}}',
  },
  // The labels live in src/domain (REPORT_STATUSES); the catalogue names them for translation.
  reportStatus: {
    'en-attente': REPORT_STATUSES['en-attente'].label,
    'en-cours': REPORT_STATUSES['en-cours'].label,
    resolu: REPORT_STATUSES.resolu.label,
    rejete: REPORT_STATUSES.rejete.label,
  },
  location: {
    unsupported: 'Géolocalisation non supportée par ce navigateur',
    denied: 'Accès à la position refusé',
    unavailable: 'Position indisponible',
    timeout: 'La recherche de la position a pris trop de temps',
  },
  notFound: {
    title: 'Page introuvable',
    text: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    metaTitle: 'Page introuvable | Alertes urbaines',
  },
  error: {
    title: 'Unexpected Application Error!',
    text: 'Une erreur inattendue est survenue. Rechargez la page ou revenez à l’accueil.',
  },
  api: {
    network: 'Erreur de connexion. Vérifiez votre internet.',
    unexpected: 'Réponse inattendue du serveur.',
  },
  common: {
    backHome: 'Retour à l’accueil',
    close: 'Fermer',
    cancel: 'Annuler',
    refresh: 'Actualiser',
    search: 'Rechercher',
    loading: 'Chargement...',
    anonymous: 'Anonyme',
    error: 'Erreur',
    retry: 'Réessayer',
    loadError: 'Impossible de charger les données. Vérifiez votre connexion puis réessayez.',
  },
  toast: {
    region: 'Notifications',
    close: 'Close toast',
  },
} as const

export type Catalogue = typeof fr
