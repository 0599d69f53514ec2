import { RESOLUTION_MESSAGES, SUPPORT_MESSAGES } from '../../../../domain/citizen-actions'
import { TRACKING_MESSAGES } from '../../../../domain/citizen-rules'
import { REPORT_FILING_MESSAGES } from '../../../../domain/report-filing-rules'
import {
  REPORT_EVENT_KINDS,
  REPORT_HISTORY_TEXTS,
  RESOLUTION_PHOTO_TEXTS,
} from '../../../../domain/report-history'
import { SMS_NEWS_MESSAGES } from '../../../../domain/sms-rules'
import { registerCatalogue } from '../../../i18n'
import type { ReasonTexts } from '../../../i18n/translation'

// The texts of the citizen screens, in French. Registered as the "citizen" namespace when the
// first of these screens loads: use `useTranslation('citizen')`. English and Wolof (en.ts,
// wo.ts) are fetched only by those who choose them.
export const citizenFr = {
  common: {
    codeLabel: 'Code :',
    trackWithCode: 'Suivre avec un code',
    seeMyReports: 'Voir mes signalements',
  },
  device: {
    unknownTitle: 'Cet appareil n’est plus reconnu',
    unknownText:
      'Le serveur ne connaît pas l’identifiant enregistré sur cet appareil : ses signalements ne peuvent pas être affichés ici. Vous pouvez retrouver un signalement avec son code dans « Suivi des signalements ».',
    forget: 'Oublier cet identifiant',
  },
  reportForm: {
    meta: {
      title: 'Signaler un problème | Alertes urbaines',
      description:
        'Signalez anonymement un problème urbain à Dakar : voirie, éclairage public, propreté. Une photo, une note vocale, et c’est envoyé.',
    },
    intro:
      'Anonyme et gratuit : ni nom, ni numéro de téléphone. Une note vocale suffit si vous préférez parler.',
    category: {
      legend: 'Quel est le problème ?',
      loading: 'Chargement des catégories...',
      error: 'Impossible de charger les catégories.',
    },
    place: {
      legend: 'Où se trouve-t-il ?',
      mapLabel: 'Carte : déplacez le repère sur le lieu du problème',
      mapHint: 'Touchez la carte ou faites glisser le repère pour indiquer le lieu exact.',
      pin: 'Lieu du problème',
      pinToCentre: 'Mettre le repère au centre de la carte',
      notChosen:
        'Votre position n’est pas connue. Touchez la carte ou faites glisser le repère sur le lieu du problème, ou confirmez le point affiché.',
      confirm: 'Confirmer ce point',
      useMyPosition: 'Utiliser ma position',
      locating: 'Recherche de votre position...',
      position: 'Position : {{coordinates}}',
      address: 'Adresse',
      addressHint: 'Remplie d’après la carte ; vous pouvez la corriger.',
      addressLookup: 'Recherche de l’adresse...',
      addressPlaceholder: 'Rue, quartier, repère connu…',
      department: 'Département',
    },
    description: {
      label: 'Description',
      hint: 'Au moins 10 caractères, ou enregistrez une note vocale à la place.',
      placeholder: 'Exemple : nid-de-poule profond devant l’école, les motos tombent.',
    },
    photo: {
      legend: 'Photo (facultative)',
      camera: 'Prendre une photo',
      gallery: 'Choisir dans la galerie',
      compressing: 'Préparation de la photo...',
      preview: 'Aperçu de la photo',
      size: 'Photo prête : {{size}} (au lieu de {{original}})',
      sizeUnchanged: 'Photo prête : {{size}}',
      remove: 'Retirer la photo',
      unreadable: 'Cette image ne peut pas être lue. Choisissez une photo JPEG, PNG ou WebP.',
    },
    voice: {
      legend: 'Note vocale (facultative)',
      hint: 'Expliquez le problème à voix haute, jusqu’à {{minutes}} minutes.',
      record: 'Enregistrer une note vocale',
      stop: 'Arrêter',
      recording: 'Enregistrement en cours',
      elapsed: '{{elapsed}} / {{max}}',
      ready: 'Note vocale : {{duration}}, {{size}}',
      player: 'Écouter la note vocale',
      delete: 'Supprimer la note vocale',
      denied:
        'L’accès au micro a été refusé. Autorisez le micro pour ce site dans les réglages du navigateur, ou décrivez le problème par écrit.',
      noMicrophone: 'Aucun micro n’a été trouvé sur cet appareil. Décrivez le problème par écrit.',
      unsupported: 'Ce navigateur ne sait pas enregistrer de note vocale. Décrivez le problème par écrit.',
      failed: 'L’enregistrement a échoué. Réessayez ou décrivez le problème par écrit.',
    },
    summary: {
      size: 'Taille de l’envoi : {{size}}',
      textOnly: 'Texte seulement : moins de 1 Ko',
    },
    submit: 'Envoyer le signalement',
    submitting: 'Envoi en cours...',
    progress: 'Envoi du signalement',
    progressValue: 'Envoi : {{percent}} %',
    sent: 'Signalement envoyé',
  },
  nearby: {
    title: 'Moi aussi : est-ce le même problème ?',
    intro:
      'Ces signalements de la même catégorie sont à moins de {{radius}} m. Si c’est le même problème, soutenez-le au lieu d’en envoyer un autre : l’organisation saura que vous êtes plusieurs.',
    distance: 'À {{distance}} m',
    same: 'C’est le même problème',
    supporting: 'Envoi...',
    yours: 'Vous avez envoyé ce signalement',
    alreadySupported: 'Vous le soutenez déjà',
    different: 'Ce n’est pas le même ? Continuez le formulaire ci-dessous.',
    supportedToast: 'Merci ! Votre soutien est compté',
    supportedTitle: 'Merci ! Vous soutenez ce signalement',
    supportedText_one:
      '{{count}} habitant le soutient maintenant. Vous le suivez dans « Mes signalements », comme s’il était le vôtre.',
    supportedText_other:
      '{{count}} habitants le soutiennent maintenant. Vous le suivez dans « Mes signalements », comme s’il était le vôtre.',
  },
  queued: {
    title: 'Pas de réseau : votre signalement est gardé sur ce téléphone',
    text: 'Il partira tout seul dès le retour de la connexion, même si vous fermez cette page. En attendant, il apparaît dans « Mes signalements » avec la mention « En attente d’envoi ».',
  },
  outbox: {
    badge: 'En attente d’envoi',
    refusedBadge: 'Non envoyé',
    queuedOn: 'Préparé le {{date}}',
    photo: 'Photo : {{size}}',
    voiceNote: 'Note vocale : {{size}}',
    waiting: 'Hors connexion : il partira tout seul dès le retour du réseau.',
    sending: 'Envoi dès que possible...',
    refused: 'Le serveur a refusé ce signalement : {{message}}',
    sendNow: 'Envoyer maintenant',
    cancel: 'Annuler l’envoi',
    cancelTitle: 'Annuler ce signalement ?',
    cancelText:
      'Il n’a pas encore été envoyé : il sera effacé de ce téléphone, avec sa photo et sa note vocale.',
    cancelConfirm: 'Oui, l’effacer',
    cancelled: 'Signalement annulé',
  },
  resolution: {
    question: 'Est-ce réglé ?',
    text: 'L’organisation a marqué ce signalement « Résolu ». Le problème a-t-il vraiment disparu ?',
    noMoreReopen: 'Vous l’avez déjà rouvert une fois : vous pouvez seulement confirmer.',
    yes: 'Oui, c’est réglé',
    no: 'Non, toujours là',
    confirmed: 'Merci ! Résolution confirmée',
    reopenTitle: 'Rouvrir ce signalement ?',
    reopenText:
      'Il repassera « En attente » chez l’organisation qui s’en occupe. Vous ne pouvez le rouvrir qu’une fois, dans les {{days}} jours.',
    reopenConfirm: 'Oui, le rouvrir',
    reopened: 'Signalement rouvert : l’organisation va le reprendre',
    listTitle: 'Vos signalements marqués « Résolu »',
  },
  success: {
    title: 'Merci ! Votre signalement est envoyé',
    codeLabel: 'Votre code de suivi',
    codeHint:
      'Notez ce code : il permet de suivre le signalement depuis n’importe quel appareil, dans « Suivi des signalements ».',
    copy: 'Copier le code',
    copied: 'Code copié',
    copyFailed: 'Impossible de copier : notez le code à la main.',
    another: 'Signaler un autre problème',
  },
  myReports: {
    meta: {
      title: 'Mes signalements | Alertes urbaines',
      description:
        'Les signalements envoyés ou suivis depuis cet appareil, avec leur statut et leur historique.',
    },
    intro: 'Les signalements envoyés ou suivis depuis cet appareil.',
    loading: 'Chargement de vos signalements...',
    offlineTitle: 'Indisponible hors connexion',
    offlineText:
      'Vos signalements s’afficheront ici dès que ce téléphone retrouvera une connexion. Ceux envoyés hors connexion restent en attente sur le téléphone.',
    count_one: '{{count}} signalement',
    count_other: '{{count}} signalements',
    emptyTitle: 'Aucun signalement pour le moment',
    emptyText:
      'Les signalements que vous envoyez depuis cet appareil apparaîtront ici, avec leur suivi. Vous avez un code ? Ajoutez-le dans « Suivi des signalements ».',
    photo: 'Photo du signalement : {{type}}',
    openPhoto: 'Voir la photo en grand',
    voiceNote: 'Note vocale',
    voiceNoteOf: 'Note vocale : {{type}}',
    followed: 'Suivi avec son code',
    supported: 'Vous le soutenez (« Moi aussi »)',
    history: 'Historique ({{total}})',
  },
  history: {
    // How a line reads beside its kind, and each kind (src/domain): the history shows them by kind.
    ...REPORT_HISTORY_TEXTS,
    events: REPORT_EVENT_KINDS,
  },
  afterWork: RESOLUTION_PHOTO_TEXTS,
  push: {
    title: 'Nouvelles sur ce téléphone',
    off: 'Recevez une notification quand une organisation vous écrit ou quand un de vos signalements change de statut, même l’application fermée. Rien ne vous identifie.',
    on: 'Activé : ce téléphone reçoit une notification quand une organisation vous écrit ou quand un de vos signalements change de statut.',
    blocked: 'Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur.',
    unsupported: 'Ce navigateur ne peut pas recevoir de notifications.',
    failed: 'Impossible de changer les notifications pour le moment. Réessayez plus tard.',
    timedOut: 'Le service de notifications ne répond pas. Vérifiez votre connexion, puis réessayez.',
    turnOn: 'Recevoir les nouvelles sur ce téléphone',
    turnOff: 'Ne plus les recevoir',
    turningOn: 'Activation…',
    turningOff: 'Désactivation…',
  },
  smsNews: {
    title: 'Nouvelles par SMS',
    off: 'Recevez aussi par SMS les messages des organisations et les changements de statut de vos signalements, même sans connexion. Votre numéro n’est jamais montré aux organisations.',
    phone: 'Numéro de téléphone',
    phoneHint: 'Par exemple 77 123 45 67',
    sendCode: 'Recevoir un code par SMS',
    sending: 'Envoi…',
    waiting: 'Un code à 6 chiffres vient d’être envoyé par SMS : saisissez-le pour confirmer le numéro.',
    code: 'Code reçu par SMS',
    confirm: 'Confirmer',
    confirming: 'Vérification…',
    changeNumber: 'Changer de numéro',
    on: 'Activé : les nouvelles de vos signalements arrivent aussi par SMS.',
    turnOff: 'Ne plus les recevoir par SMS',
    turningOff: 'Désactivation…',
    failed: 'Impossible pour le moment. Réessayez plus tard.',
  },
  notifications: {
    meta: {
      title: 'Notifications | Alertes urbaines',
    },
    intro: 'Les messages des organisations au sujet de vos signalements.',
    loading: 'Chargement des notifications...',
    count_one: '{{count}} message, dont {{unread}} non lu',
    count_other: '{{count}} messages, non lus : {{unread}}',
    emptyTitle: 'Aucune notification',
    emptyText:
      'Quand une organisation vous écrit au sujet d’un de vos signalements, son message apparaît ici.',
    unread: 'Non lu',
    about: '{{type}} · code {{code}}',
  },
  // What /suivi and a report's public page both show of a report.
  reportDetails: {
    filed: 'Signalé le',
    claimed: 'Pris en charge le',
    resolved: 'Résolu le',
    updated: 'Dernière mise à jour',
    notYet: '—',
    history: 'Historique',
    organization: 'Organisation chargée',
    noOrganization: 'Aucune pour le moment',
  },
  publicReport: {
    meta: {
      title: '{{subject}} | Alertes urbaines',
      subject: '{{description}} – {{type}}',
      description: '{{status}} – {{place}}. Signalé le {{date}}.',
      handledBy: 'Pris en charge par {{organization}}.',
    },
    heading: 'Signalement',
    loading: 'Chargement du signalement...',
    place: 'Lieu',
    mapLabel: 'Carte du lieu du signalement',
    pin: 'Lieu du signalement',
    approximatePlace: 'Position approximative (commune de {{name}}) : signalé par SMS',
    privacy:
      'Le code de suivi, la photo, la note vocale et les messages restent privés : seul l’appareil qui a envoyé le signalement les voit.',
  },
  tracking: {
    meta: {
      title: 'Suivi des signalements | Alertes urbaines',
      description: 'Suivez un signalement avec son code : statut, dates et historique.',
    },
    intro: 'Entrez le code de 8 caractères reçu à l’envoi du signalement.',
    codeLabel: 'Code du signalement',
    codePlaceholder: 'Ex. : 7KQ2M9XD',
    searching: 'Recherche...',
    department: 'Département',
    publicPage: 'Voir la page publique du signalement',
    follow: 'Suivre sur cet appareil',
    following: 'Ajout...',
    followed: 'Ce signalement est suivi sur cet appareil.',
    followedToast: 'Ajouté à « Mes signalements »',
  },
  about: {
    meta: {
      title: 'À propos | Alertes urbaines',
      description:
        'Alertes urbaines : la plateforme de signalement des problèmes urbains du département de Dakar. Comment elle fonctionne, ce qui est conservé, ce qui reste anonyme.',
    },
    title: 'À propos d’Alertes urbaines',
    intro:
      'Alertes urbaines est la plateforme de signalement des problèmes urbains du département de Dakar. Les habitants signalent, sur une carte, un nid-de-poule, un lampadaire éteint ou un dépôt d’ordures ; les organisations partenaires (mairies, services publics, associations…) prennent les signalements en charge, les règlent et répondent.',
    howTitle: 'Comment ça marche',
    steps: {
      report: {
        title: '1. Vous signalez',
        text: 'Choisissez le type de problème, placez-le sur la carte, ajoutez une photo ou une note vocale. Aucun compte à créer.',
      },
      claim: {
        title: '2. Une organisation s’en charge',
        text: 'Les organisations partenaires de la catégorie voient le signalement, le prennent en charge et mettent à jour son statut.',
      },
      follow: {
        title: '3. Vous suivez',
        text: 'Avec votre code de suivi, dans « Mes signalements » ou « Suivi des signalements », vous voyez chaque étape et les messages des organisations.',
      },
    },
    privacyTitle: 'Ce qui est conservé, ce qui reste anonyme',
    privacy: {
      noName: 'Aucun nom, aucun numéro de téléphone, aucune adresse e-mail ne vous est demandé.',
      stored:
        'Sont conservés : le type de problème, la description, le lieu (adresse et coordonnées), la photo et la note vocale, et les dates.',
      photo:
        'Les photos sont réduites sur votre téléphone puis réenregistrées par le serveur : leurs métadonnées (appareil, position GPS, date) sont supprimées.',
      device:
        'Votre appareil reçoit un identifiant secret pour retrouver vos signalements ; le serveur n’en garde qu’une empreinte (un hachage) et ne le montre jamais aux organisations.',
      public:
        'Le type, la description, l’adresse, le statut et les dates d’un signalement sont publics (carte et liste de l’accueil) ; la photo et la note vocale ne sont montrées qu’aux organisations chargées de sa catégorie et aux administrateurs, et aux administrateurs seuls si le signalement est rejeté.',
      followers:
        'Suivre un signalement avec son code, ou dire « Moi aussi », montre seulement son statut et son historique public : la photo, la note vocale et les messages des organisations ne vont qu’à l’appareil qui l’a envoyé.',
      sms: 'Par SMS, votre numéro n’est jamais montré aux organisations ni publié : le serveur n’en garde qu’une empreinte (pour retrouver la conversation et compter les messages) et une copie chiffrée (pour vous répondre). Les deux sont effacées {{days}} jours après la clôture de votre dernier signalement ; après STOP, seule l’empreinte reste, pour se souvenir de votre refus.',
      push: 'Si vous l’activez dans « Mes signalements », ce téléphone reçoit une notification quand une organisation vous écrit ou quand le statut d’un de vos signalements change (pris en charge, résolu, rejeté avec son motif, de nouveau en attente). Le texte passe chiffré par le service de notifications de votre navigateur (Google, Mozilla, Apple ou Microsoft), qui ne peut pas le lire ; rien ne vous identifie, ni nom, ni numéro, et « Ne plus les recevoir » l’efface du serveur.',
    },
    contactTitle: 'Nous écrire',
    contactText: 'Une question, une idée, un problème avec la plateforme ? Écrivez-nous :',
    statisticsTitle: 'Les chiffres, pour tous',
    statisticsText:
      'Combien de signalements sont résolus, en combien de temps et par quelle organisation : les statistiques sont publiques, et les données ouvertes.',
    statisticsLink: 'Voir les statistiques',
    actionsTitle: 'Agir',
    organizationText: 'Vous représentez une mairie, un service public ou une association ?',
  },
  statistics: {
    meta: {
      title: 'Statistiques | Alertes urbaines',
      description:
        'Combien de problèmes signalés à Dakar sont résolus, en combien de temps et par qui : par catégorie, par organisation et semaine après semaine. Données ouvertes.',
    },
    title: 'Statistiques publiques',
    intro:
      'Ce que deviennent les signalements du département de Dakar : combien sont résolus, en combien de temps, par qui. Les signalements rejetés (abus, doublons) ne sont jamais comptés.',
    loading: 'Chargement des statistiques…',
    totals: {
      label: 'Chiffres clés',
      total: 'Signalements',
      resolved: 'Résolus',
      rate: 'Taux de résolution',
      median: 'Délai médian de résolution',
      onTime: 'Résolus dans les délais',
    },
    byCategoryTitle: 'Par catégorie',
    byCategoryChart: 'Taux de résolution et délai médian par catégorie',
    byOrganizationTitle: 'Par organisation',
    byOrganizationChart: 'Taux de résolution et délais médians des organisations',
    organizationsShown:
      'Les {{shown}} organisations qui gèrent le plus de signalements, sur {{total}} ; toutes sont dans les données ouvertes.',
    noOrganization: 'Aucune organisation partenaire pour le moment.',
    rateOf: '{{rate}} résolus ({{resolved}} sur {{total}})',
    medianResolution: 'résolu en {{duration}} (médiane)',
    medianClaim: 'pris en charge en {{duration}}',
    noMedian: 'aucun résolu',
    onTime: 'dans les délais : {{rate}}',
    mediansNote:
      'Délai médian : la moitié des signalements résolus l’ont été plus vite, l’autre moitié moins vite. Il est compté depuis l’envoi du signalement, à environ un cinquième près.',
    onTimeNote:
      'Dans les délais : la part des signalements résolus dans le délai fixé pour leur catégorie, parmi les signalements résolus et ceux encore ouverts au-delà de ce délai.',
    weeklyTitle: 'Semaine après semaine',
    weeklyChart: 'Signalements envoyés et résolus chaque semaine, sur 26 semaines',
    filed: 'Envoyés',
    resolvedLegend: 'Résolus',
    weekSummary: 'Semaine du {{week}} : {{filed}} envoyés, {{resolved}} résolus',
    weeklyTable: 'Voir les chiffres de chaque semaine',
    week: 'Semaine du',
    mapTitle: 'Où sont les problèmes en cours',
    mapChart: 'Carte des signalements en attente ou en cours, par carré d’environ 600 mètres',
    mapArea: '{{place}} : {{open}} en cours',
    byCommune: 'Signalements en cours par commune',
    outsideCommunes: 'Hors des communes de Dakar',
    noOpenReport: 'Aucun signalement en cours.',
    openData: {
      title: 'Données ouvertes',
      text: 'Tous les signalements publics, à réutiliser librement en citant « Alertes urbaines » (Licence Ouverte 2.0) : catégorie, statut, description, commune, position, dates et organisation. Jamais de code de suivi, de photo, de note vocale ni de message.',
      csv: 'Télécharger en CSV',
      geojson: 'Télécharger en GeoJSON',
    },
    areaLimits: {
      label: 'Limites des communes :',
      credit: '© les contributeurs d’OpenStreetMap (ODbL)',
    },
  },
  // The domain's messages that these screens show, by their reason (src/domain/messages.ts): an
  // API error's `reason`, such as "tracking.notFound", is its key here (i18n/reason-text.ts).
  reasons: {
    filing: REPORT_FILING_MESSAGES,
    tracking: TRACKING_MESSAGES,
    support: SUPPORT_MESSAGES,
    resolution: RESOLUTION_MESSAGES,
    smsNews: SMS_NEWS_MESSAGES,
  } satisfies ReasonTexts,
} as const

export type CitizenCatalogue = typeof citizenFr

registerCatalogue('citizen', citizenFr, {
  en: () => import('./en').then((module) => module.citizenEn),
  wo: () => import('./wo').then((module) => module.citizenWo),
})
