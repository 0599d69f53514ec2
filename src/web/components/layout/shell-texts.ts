import { registerCatalogue } from '../../i18n'

// The texts of the back-office's shared parts (its frame, side menu and logout, its lists' pages,
// its password fields, a report's commune), in French only, as the back-office is: registered as
// the "shell" namespace by those parts, so that the citizen's first download does not carry them.
export const shellFr = {
  toggleSidebar: 'Afficher ou masquer le menu latéral (Ctrl+B)',
  closeSidebar: 'Fermer le menu latéral',
  logout: 'Déconnexion',
  pageOf: 'Page {{page}} / {{pages}}',
  pageOfMore: 'Page {{page}} sur plus de {{pages}}',
  pagination: 'Pagination',
  showPassword: 'Afficher le mot de passe',
  hidePassword: 'Masquer le mot de passe',
  all: 'Tous',
  view: 'Voir',
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  notSpecified: 'Non spécifié',
  area: 'Commune : {{name}}',
  /** A report by SMS (issue 31): placed at its commune's centre, filed by a phone number never shown. */
  approximateArea: 'Position approximative (commune de {{name}})',
  bySms: 'Signalé par SMS',
  password: 'Mot de passe',
  previous: 'Précédent',
  next: 'Suivant',
  /** An organisation's zone (issue 30): the picker of the sign-up, Paramètres and the admin's details. */
  zone: {
    title: 'Zone d’intervention',
    legend: 'Communes couvertes',
    some: 'Certaines communes',
    pick: 'Choisissez les communes',
    chosen_one: '{{count}} commune choisie',
    chosen_other: '{{count}} communes choisies',
    noneChosen: 'Choisissez au moins une commune, ou tout le département de Dakar.',
    loadFailed: 'Impossible de charger les communes',
    save: 'Enregistrer la zone',
    saved: 'Zone d’intervention mise à jour',
  },
} as const

export type ShellCatalogue = typeof shellFr

registerCatalogue('shell', shellFr)
