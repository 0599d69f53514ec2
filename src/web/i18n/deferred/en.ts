import type { Translation } from '../translation'
import type { DeferredCatalogue } from './fr'

export const deferredEn: Translation<DeferredCatalogue> = {
  nav: {
    preferences: 'Preferences',
  },
  preferences: {
    description: 'Language, theme and text size, kept on this device.',
    language: 'Language',
    theme: 'Theme',
    themes: { light: 'Light', dark: 'Dark', system: 'Like the phone' },
    fontSize: 'Text size',
    fontSizes: { small: 'Small', medium: 'Medium', large: 'Large' },
    animations: 'Animations',
    animationsHint: 'Turn them off if movement on the screen bothers you.',
    reset: 'Restore the default settings',
    resetDone: 'Default settings restored',
  },
  // How long something took (statistics, the back-office's dashboard): one way of saying it.
  durations: {
    hours: '{{hours}} h',
    days: '{{days}} d',
    underAnHour: 'under an hour',
  },
  offline: {
    pending_one: '{{count}} report waiting to be sent',
    pending_other: '{{count}} reports waiting to be sent',
    sent: 'Your waiting report has been sent',
    sentCode: 'Tracking code: {{code}}',
  },
  map: {
    legend: 'Map legend',
    legendToggle: 'Legend',
    listTitle: 'Reports shown on the map',
    listEmpty: 'No report in this part of the map.',
    listGrouped: 'Too many reports in this area to list them: zoom in on the map.',
    listCount_one: '{{count}} report in this part of the map',
    listCount_other: '{{count}} reports in this part of the map',
  },
  report: {
    supporters_one: '{{count}} supporter',
    supporters_other: '{{count}} supporters',
  },
  location: {
    title: 'Location',
    mapLabel: 'Map of the report’s location',
    coordinates: 'Coordinates',
    copy: 'Copy',
    copyLabel: 'Copy the coordinates {{coordinates}}',
    copied: 'Coordinates copied',
    copyFailed: 'Could not copy: select the coordinates by hand.',
    directions: 'Directions',
    directionsLabel: 'Directions to the report, in the phone’s map app',
    directionsWebLabel: 'Directions to the report, on OpenStreetMap',
    openStreetMap: 'View on OpenStreetMap',
  },
  photo: {
    open: 'Enlarge the photo',
    title: 'Photo of the report',
    zoomIn: 'Zoom in',
    zoomOut: 'Show whole',
    hint: 'Tap the photo to zoom in, drag it to move around.',
  },
  sms: {
    noSmartphone: 'No smartphone? Send a text message to',
    help: 'The service asks you three questions: the problem, the commune, a landmark.',
  },
  place: {
    unknown: 'Location not specified',
  },
  reasons: {
    geocoding: {
      unavailable: 'The address service does not answer. The position will be given by its coordinates.',
    },
  },
}
