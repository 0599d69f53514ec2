import { GEOCODING_MESSAGES } from '../../../domain/geocoding-rules'
import { UNKNOWN_PLACE } from '../../../domain/location'
import { registerCatalogue } from '..'
import type { ReasonTexts } from '../translation'

// Shared texts that no first paint needs (the preferences, the map's list, the queue of
// reports, the supporters' count…), out of the home page's first download: registered as the
// "deferred" namespace by the code that shows them (`useTranslation('deferred')`).
export const deferredFr = {
  nav: {
    preferences: 'Préférences',
  },
  preferences: {
    description: 'La langue, le thème et la taille du texte, gardés sur cet appareil.',
    language: 'Langue',
    theme: 'Thème',
    themes: { light: 'Clair', dark: 'Sombre', system: 'Comme le téléphone' },
    fontSize: 'Taille du texte',
    fontSizes: { small: 'Petite', medium: 'Moyenne', large: 'Grande' },
    animations: 'Animations',
    animationsHint: 'Désactivez-les si les mouvements à l’écran vous gênent.',
    reset: 'Rétablir les réglages par défaut',
    resetDone: 'Réglages par défaut rétablis',
  },
  // How long something took (statistics, the back-office's dashboard): one way of saying it.
  durations: {
    hours: '{{hours}} h',
    days: '{{days}} j',
    underAnHour: 'moins d’une heure',
  },
  offline: {
    pending_one: '{{count}} signalement en attente d’envoi',
    pending_other: '{{count}} signalements en attente d’envoi',
    sent: 'Votre signalement en attente est envoyé',
    sentCode: 'Code de suivi : {{code}}',
  },
  map: {
    legend: 'Légende de la carte',
    legendToggle: 'Légende',
    listTitle: 'Signalements visibles sur la carte',
    listEmpty: 'Aucun signalement dans cette partie de la carte.',
    listGrouped: 'Trop de signalements dans cette zone pour les lister : zoomez sur la carte.',
    listCount_one: '{{count}} signalement dans cette partie de la carte',
    listCount_other: '{{count}} signalements dans cette partie de la carte',
  },
  report: {
    supporters_one: '{{count}} soutien',
    supporters_other: '{{count}} soutiens',
  },
  location: {
    title: 'Emplacement',
    mapLabel: 'Carte de l’emplacement du signalement',
    coordinates: 'Coordonnées',
    copy: 'Copier',
    copyLabel: 'Copier les coordonnées {{coordinates}}',
    copied: 'Coordonnées copiées',
    copyFailed: 'Copie impossible : sélectionnez les coordonnées à la main.',
    directions: 'Itinéraire',
    directionsLabel: 'Itinéraire vers le signalement, dans l’application de cartes du téléphone',
    directionsWebLabel: 'Itinéraire vers le signalement, sur OpenStreetMap',
    openStreetMap: 'Voir sur OpenStreetMap',
  },
  photo: {
    open: 'Agrandir la photo',
    title: 'Photo du signalement',
    zoomIn: 'Zoomer',
    zoomOut: 'Voir en entier',
    hint: 'Touchez la photo pour zoomer, faites-la glisser pour vous déplacer.',
  },
  sms: {
    noSmartphone: 'Pas de smartphone ? Envoyez un SMS au',
    help: 'Le service vous pose trois questions : le problème, la commune, un repère.',
  },
  place: {
    // A report without address, department, neighbourhood or coordinates (src/domain's placeName).
    unknown: UNKNOWN_PLACE,
  },
  // The domain's messages that shared screens show, by their reason (src/domain/messages.ts).
  reasons: {
    geocoding: { unavailable: GEOCODING_MESSAGES.unavailable },
  } satisfies ReasonTexts,
} as const

export type DeferredCatalogue = typeof deferredFr

registerCatalogue('deferred', deferredFr, {
  en: () => import('./en').then((module) => module.deferredEn),
  wo: () => import('./wo').then((module) => module.deferredWo),
})
