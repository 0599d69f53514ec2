import type { Catalogue } from './fr'
import type { Translation } from './translation'

// The shared texts in English, fetched only by those who choose English.
export const en: Translation<Catalogue> = {
  app: {
    name: 'Urban Alerts',
    department: 'Dakar Department, Dakar Region, Senegal',
  },
  nav: {
    openMenu: 'Open the menu',
    closeMenu: 'Close the menu',
    menuDescription: 'Main navigation of Urban Alerts',
    home: 'Home',
    myReports: 'My reports',
    notifications: 'Notifications',
    about: 'About',
    report: 'Report a problem',
    statistics: 'Statistics',
    tracking: 'Track a report',
    organizationSpace: 'Organisation area',
    organizationLogin: 'Organisation sign-in',
    organizationSignup: 'Organisation sign-up',
    mainNavigation: 'Main navigation',
  },
  offline: {
    banner: 'Offline: what you report will be sent as soon as the network is back.',
  },
  footer: {
    navigation: 'Useful links',
    contact: 'Contact',
    place: 'Dakar Department, Senegal',
    copyright: '© {{year}} Urban Alerts',
  },
  home: {
    meta: {
      title: 'Urban alerts platform in Senegal',
    },
    reportButton: 'Report',
    incidentCount_one: '{{count, number}} incident reported in the Dakar department',
    incidentCount_other: '{{count, number}} incidents reported in the Dakar department',
    recent: {
      title: 'Recent incidents',
      loading: 'Loading reports...',
      loaded_one: '{{count}} recent report',
      loaded_other: '{{count}} recent reports',
      emptyTitle: 'No incident reported',
      emptyText: 'Be the first to report a problem!',
    },
  },
  map: {
    label: 'Interactive map of Dakar for reports',
    loading: 'Loading the map...',
    recenter: 'Back to my position',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    yourPosition: 'Your current position',
    cluster_one: '{{count}} report in this area: zoom in',
    cluster_other: '{{count}} reports in this area: zoom in',
    skipToList: 'Go to the list of the reports on the map',
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  },
  report: {
    filedOn: 'Reported on {{date}}',
  },
  reportStatus: {
    'en-attente': 'Waiting',
    'en-cours': 'In progress',
    resolu: 'Resolved',
    rejete: 'Rejected',
  },
  location: {
    unsupported: 'This browser does not support geolocation',
    denied: 'Access to your position was refused',
    unavailable: 'Position unavailable',
    timeout: 'Finding your position took too long',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    metaTitle: 'Page not found | Urban Alerts',
  },
  error: {
    title: 'Unexpected Application Error!',
    text: 'An unexpected error occurred. Reload the page or go back home.',
  },
  api: {
    network: 'Connection error. Check your internet.',
    unexpected: 'Unexpected answer from the server.',
  },
  common: {
    backHome: 'Back home',
    close: 'Close',
    cancel: 'Cancel',
    refresh: 'Refresh',
    search: 'Search',
    loading: 'Loading...',
    anonymous: 'Anonymous',
    error: 'Error',
    retry: 'Try again',
    loadError: 'Could not load the data. Check your connection and try again.',
  },
  toast: {
    region: 'Notifications',
    close: 'Close toast',
  },
}
