// Demo content for the department of Dakar, generated from a seed so that every run gives the
// same platform: reports placed in their commune on its real streets, described as residents
// write, over a year of history (claims, progress, resolutions, a few rejections). Pure: no I/O.
import { ADMIN_MESSAGES } from '../../domain/admin-rules'
import { COMMUNES, type Commune, nearestCommune } from '../../domain/communes'
import type { OrganizationType } from '../../domain/organization'
import { isOpenStatus, type ReportPriority } from '../../domain/report-states'
import type { ReportAction } from '../../domain/report-transitions'

/** A small deterministic generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T

/** Between `min` and `max`, more often near `min` (waiting times: most are short, some are long). */
const skewed = (random: () => number, min: number, max: number) => min + random() ** 2 * (max - min)

/**
 * What residents write, by category: short or long, with or without accents, some in Wolof or
 * in French and Wolof mixed, the way people type on a phone (so not the typography of the
 * interface's own texts).
 */
export const DEMO_DESCRIPTIONS: Record<string, readonly string[]> = {
  Voirie: [
    'Nid-de-poule énorme au milieu de la route, les taxis font des écarts et ça va finir en accident.',
    'Trottoir effondré devant l’école, les enfants marchent sur la chaussée.',
    'Route complètement ensablée depuis le vent de la semaine dernière, les motos glissent.',
    'Dalle de caniveau cassée juste sur le passage piéton.',
    'La chaussée est fissurée sur une vingtaine de mètres près du marché.',
    'Trou devant la boutique de Pa Modou, deux motos sont deja tombees cette semaine',
    'route bi dafa yaqu, ay trous rek. les voitures roulent sur le trottoir pour les eviter',
    'Les travaux ont laissé une tranchée ouverte depuis un mois, sans aucune signalisation.',
    "Gros trou rempli d'eau depuis la pluie, on ne voit pas la profondeur. Danger la nuit.",
    "Le goudron s'est arraché sur toute la largeur de la rue, il ne reste que du sable et des cailloux",
    'Ralentisseur sauvage fait avec des pneus et du ciment, les voitures cassent leur carter.',
    'nid de poule devant la mosquée',
    'Des gravats laissés par un chantier bloquent la moitié de la route depuis trois semaines.',
    "Plaque d'égout soulevée au milieu de la route, les voitures tapent dedans à chaque passage.",
    'Le pont piéton au-dessus du canal a des planches cassées, les élèves passent quand même.',
    "Affaissement de la chaussée au niveau du carrefour, ça s'agrandit à chaque pluie.",
    'Bordure du trottoir arrachée, les voitures se garent dessus et les piétons marchent sur la route.',
    "Trop de trous sur cette portion, les clandos refusent de venir jusqu'ici.",
    "Route impraticable apres la pluie d'hier, meme les charrettes n'arrivent plus a passer",
    'Le rond-point est défoncé, les cars rapides s’arrêtent en plein milieu pour contourner les trous.',
    'Des pavés se sont descellés devant la pharmacie, une vieille dame est tombée ce matin.',
    'yoon wi dafa bon lool, xale yi du mën a dem lekool ak velo',
    'Chaussée déformée par les camions du chantier voisin, il y a des bosses partout.',
    'Sable accumulé sur la voie de droite, les voitures doivent se déporter à gauche.',
  ],
  'Éclairage public': [
    'Lampadaire éteint depuis deux semaines, la rue est dans le noir complet la nuit.',
    'Trois poteaux d’éclairage ne marchent plus sur l’avenue, on a peur de rentrer le soir.',
    'Câble électrique qui pend d’un lampadaire à hauteur d’homme, danger pour les passants.',
    'L’éclairage clignote toute la nuit au carrefour.',
    'lampe bi dafa fey depuis la tabaski, lepp dafa lendem',
    'Toute la rue est dans le noir depuis une semaine, il y a eu deux agressions.',
    'Poteau électrique penché après le choc d’un camion, il risque de tomber sur une maison.',
    'Les lampadaires restent allumés en plein jour depuis un mois, quel gaspillage.',
    "Le lampadaire solaire installé l'année dernière ne s'allume plus, le panneau a été volé.",
    "Plus d'éclairage sur le terrain de foot du quartier, les jeunes jouent dans le noir.",
    'Boîtier électrique ouvert au pied du poteau, les fils sont à nu et les enfants jouent à côté.',
    "Lampadaire en panne devant l'arrêt de bus, les femmes qui attendent le matin à 6h sont en danger",
    'eclairage public en panne sur toute la ruelle',
    'On signale encore le même lampadaire, éteint depuis le mois de ramadan.',
    "L'ampoule a explosé et il y a des morceaux de verre par terre.",
    'Poteau rouillé à la base qui bouge quand il y a du vent.',
    "Les lampes de la passerelle sont toutes éteintes, personne n'ose la prendre la nuit.",
    'Le quartier entier est sans éclairage public depuis les travaux sur le réseau.',
    'Lumière très faible, on ne voit rien à partir de 20h. Il faudrait changer les lampes.',
    "Fil électrique tombé par terre après l'orage, toujours là ce matin !",
    'Lampadaire cassé par un accident, le poteau est couché sur le trottoir.',
    'Ay lampadaire yu bari dañu fey ci avenue bi, guddi gi dafa lendem lool',
  ],
  Propreté: [
    'Dépôt sauvage d’ordures au coin de la rue, les odeurs sont insupportables.',
    'Les bacs du marché n’ont pas été vidés depuis une semaine.',
    'Sable et déchets plastiques accumulés le long de la corniche.',
    'Carcasse de voiture abandonnée qui attire les déchets et les rats.',
    'mbalit bi dafa bari ci kanam lekool bi, ay mouches rek',
    'Le camion de ramassage ne passe plus depuis 10 jours, les gens brûlent les ordures dans la rue.',
    "Tas d'ordures qui grossit chaque jour à côté du terrain vague, les chèvres fouillent dedans.",
    'Des sacs plastiques partout dans le caniveau, ça bouche tout quand il pleut.',
    "Quelqu'un vide ses gravats et ses déchets de chantier la nuit sur la place publique",
    'Dépotoir à ciel ouvert derrière la station, la fumée rentre dans les maisons quand ils brûlent.',
    "Le point de collecte n'a pas été enlevé depuis la Tabaski, des peaux de moutons pourrissent.",
    'Déchets du marché au poisson laissés sur la plage, odeur terrible.',
    "ordures devant l'entrée du dispensaire",
    'Les charretiers déversent leurs ordures dans le canal au lieu d’aller au point de collecte.',
    'Poubelles renversées tous les matins, il faudrait un bac fermé.',
    'Dépôt de déchets médicaux (seringues, flacons) à côté de la clinique, c’est grave !',
    'Beaucoup de mbalit ci biir marché bi, les commerçants ne savent plus où mettre leurs déchets.',
    'Le terrain de basket est devenu une décharge, les enfants ne peuvent plus jouer.',
    "Sacs d'ordures entassés sur le trottoir, les piétons doivent marcher sur la route.",
    'Un cadavre de chien au bord de la route depuis trois jours.',
    'Le vent ramène les plastiques du dépotoir dans toutes les cours du quartier.',
    "Pneus usés abandonnés en tas, de l'eau stagne dedans et attire les moustiques.",
    'nettoyage svp, la rue est sale depuis le dernier set setal',
  ],
  Assainissement: [
    'Canalisation bouchée, les eaux usées débordent sur la chaussée.',
    'Regard d’égout sans couvercle, risque de chute grave.',
    'Eaux stagnantes depuis les dernières pluies, les moustiques envahissent les maisons.',
    'Une fosse septique déborde dans la ruelle, les enfants marchent dedans.',
    'Le canal à ciel ouvert est plein de déchets et ne coule plus, odeur insupportable.',
    'ndox mi dafa taxaw ci kanam kër yi, dañu soxla pompe',
    "Inondation de la rue à chaque pluie, l'eau rentre dans les maisons jusqu'aux genoux.",
    "Les eaux usées de l'immeuble coulent directement dans la rue depuis des semaines.",
    'Bouche d’égout qui refoule à chaque marée haute.',
    'Un camion de vidange a vidé sa cuve dans le caniveau du quartier hier soir.',
    "Le bassin de rétention est plein, l'eau est verte et les moustiques sont partout.",
    'Tuyau cassé, de l eau sale coule sur la route depuis 3 jours',
    'egout bouché devant le marché',
    "Odeur d'égout très forte dans toute la rue, on ne peut plus ouvrir les fenêtres.",
    'Les grilles du caniveau ont été volées, il reste un trou de 50 cm de profondeur.',
    "Depuis l'hivernage l'eau ne s'est jamais retirée, la rue est devenue une mare.",
    'Le caniveau est bouché par le sable, la moindre pluie inonde le carrefour.',
    "Fuite d'eau sur la conduite principale, l'eau coule jour et nuit et creuse la route.",
    'Puisard qui déborde chez le voisin et arrive dans notre cour.',
    "Les enfants se baignent dans l'eau stagnante du terrain inondé, c'est dangereux.",
    'Regard cassé, les eaux noires remontent dès qu’on tire une chasse.',
    "Mare d'eau usée devant l'école primaire, les élèves doivent sauter par-dessus.",
  ],
  Autre: [
    'Panneau de signalisation arraché au rond-point.',
    'Arbre tombé qui bloque une partie de la rue.',
    'Feu tricolore en panne aux heures de pointe, embouteillage monstre.',
    'Un grand arbre penche dangereusement au-dessus des fils électriques.',
    'Les feux ne marchent plus depuis hier et il n’y a personne pour faire la circulation.',
    'Marchands ambulants installés sur toute la chaussée, les voitures ne passent plus.',
    "Panneau publicitaire à moitié décroché, il risque de tomber sur quelqu'un avec le vent.",
    "Mur de clôture fissuré qui penche vers le trottoir, devant l'école.",
    'Chiens errants en meute la nuit près du terrain, ils ont mordu un enfant',
    'Bâtiment abandonné squatté, des gens y jettent leurs ordures et il y a des agressions.',
    'Abri bus détruit, plus de toit, les gens attendent au soleil',
    'nom de rue illisible, les livreurs ne trouvent jamais',
    "Borne d'incendie cassée qui fuit depuis une semaine.",
    'Voiture épave garée depuis des mois, elle sert de cachette.',
    'Les bancs de la place publique ont tous été cassés.',
    'Clôture du jardin public arrachée, les moutons rentrent manger les plantes.',
    "Poteau de signalisation tombé sur le trottoir, on doit l'enjamber.",
    'Bruit de groupe électrogène toute la nuit à côté des maisons.',
    "Passage piéton effacé devant l'école, les voitures ne s'arrêtent jamais.",
    'Bouchon tous les soirs à cause d’un camion en panne abandonné.',
  ],
}

/** Streets and landmarks of each commune, as an address names them. */
export const COMMUNE_STREETS: Record<string, readonly string[]> = {
  'Dakar-Plateau': [
    'Avenue Léopold Sédar Senghor',
    'Avenue Georges Pompidou',
    'Rue Félix Faure',
    'Rue Jules Ferry',
    'Boulevard de la République',
    'Avenue Hassan II',
    'Rue Carnot',
    'Rue Mohamed V',
    'Rue Vincens',
    'Avenue Lamine Guèye',
    'Place de l’Indépendance',
    'Avenue Peytavin',
  ],
  Gorée: ['Rue Saint-Germain', 'Rue du Castel', 'Rue Malavois', 'près de l’embarcadère'],
  Médina: [
    'Avenue Blaise Diagne',
    'Rue 6 angle Rue 13',
    'Rue 11',
    'Rue 22',
    'Rue 39',
    'Allées Papa Guèye Fall',
    'Marché Tilène',
  ],
  'Gueule Tapée-Fass-Colobane': [
    'Boulevard de la Gueule Tapée',
    'Rond-point de Colobane',
    'Marché de Colobane',
    'Fass Delorme',
    'Fass Paillote',
    'Avenue El Hadji Malick Sy',
  ],
  'Fann-Point E-Amitié': [
    'Avenue Cheikh Anta Diop',
    'Boulevard de l’Est',
    'Rue de Kaolack',
    'Rue de Fatick',
    'Rue de Louga',
    'Avenue Bourguiba',
    'Fann Résidence',
    'Canal IV',
  ],
  'Grand Dakar': ['Boulevard Dial Diop', 'Karack', 'Marché de Grand Dakar', 'Grand Dakar Garage'],
  Biscuiterie: ['Route du Front de Terre', 'Niary Tally', 'Ouagou Niayes', 'Cité Police'],
  HLM: ['Marché HLM', 'HLM 2', 'HLM 4', 'HLM 5', 'Route du Front de Terre'],
  'Hann Bel-Air': [
    'Route de Rufisque',
    'Hann Village',
    'Hann Maristes',
    'Parc de Hann',
    'Boulevard du Centenaire',
  ],
  'Sicap-Liberté': [
    'Rond-point Liberté 6',
    'Liberté 5',
    'Sicap Liberté 2',
    'Rond-point Jet d’eau',
    'Boulevard Dial Diop',
  ],
  'Dieuppeul-Derklé': ['Dieuppeul 2', 'Dieuppeul 4', 'Derklé', 'Marché Castors', 'Castors'],
  'Mermoz-Sacré-Cœur': [
    'VDN',
    'Sacré-Cœur 3',
    'Sacré-Cœur 1',
    'Mermoz Pyrotechnie',
    'Cité Keur Gorgui',
    'Route de Ouakam',
  ],
  Ouakam: [
    'Route de Ouakam',
    'Cité Avion',
    'Mamelles',
    'Corniche Ouest, près de la Mosquée de la Divinité',
    'Cité Comico',
    'Ouakam Village',
  ],
  Ngor: ['Route de Ngor', 'Route des Almadies', 'Ngor Village', 'Almadies', 'Virage de Ngor'],
  Yoff: ['Route de l’Aéroport', 'Yoff Village', 'Yoff Layène', 'Cité Biagui', 'Plage de Yoff'],
  'Grand Yoff': ['Arafat', 'Khar Yalla', 'HLM Grand Yoff', 'Marché de Grand Yoff', 'Cité Millionnaire'],
  'Patte d’Oie': ['Rond-point Patte d’Oie', 'Cité Soprim', 'Patte d’Oie Builders', 'Cité Sotiba'],
  'Parcelles Assainies': ['Unité 3', 'Unité 10', 'Unité 17', 'Unité 25', 'Rond-point Case Ba'],
  Cambérène: ['Cambérène 1', 'Cambérène 2', 'Route de Cambérène', 'Station d’épuration de Cambérène'],
}

/** How many reports come from a commune, roughly as many people live there. */
const COMMUNE_WEIGHTS: Record<string, number> = {
  'Parcelles Assainies': 10,
  'Grand Yoff': 9,
  Médina: 8,
  'Dakar-Plateau': 6,
  Yoff: 6,
  Ouakam: 6,
  'Sicap-Liberté': 5,
  'Grand Dakar': 5,
  HLM: 5,
  Biscuiterie: 5,
  'Hann Bel-Air': 5,
  'Mermoz-Sacré-Cœur': 5,
  'Gueule Tapée-Fass-Colobane': 5,
  'Fann-Point E-Amitié': 4,
  'Dieuppeul-Derklé': 4,
  'Patte d’Oie': 4,
  Cambérène: 4,
  Ngor: 3,
  Gorée: 1,
}

/** How long, in days, a claimed problem of each category takes to fix: from, to. */
const RESOLUTION_DAYS: Record<string, [number, number]> = {
  Voirie: [3, 45],
  'Éclairage public': [1, 12],
  Propreté: [0.5, 6],
  Assainissement: [2, 25],
  Autre: [1, 20],
}

const N = '\u202f'
/** What an organisation writes when it takes a report on. */
const CLAIM_MESSAGES = [
  {
    title: 'Signalement pris en charge',
    message: `Bonjour, nous avons bien reçu votre signalement. Une équipe passera sur place dans les prochains jours.`,
  },
  {
    title: 'Visite prévue',
    message: `Nos agents passeront constater cette semaine. Merci de votre patience${N}!`,
  },
  {
    title: 'En cours de traitement',
    message: 'Le dossier a été transmis au service concerné, nous vous tenons informé.',
  },
]
/** Why an administrator rejects a report, as the filing device and the public history read it. */
const REJECTION_REASONS = [
  'Ce signalement fait doublon avec un autre, déjà pris en charge au même endroit.',
  'Il s’agit d’un litige entre voisins{N}: adressez-vous à la mairie de votre commune.',
  'La photo et la description ne montrent aucun problème sur la voie publique.',
  'Ce lieu est une propriété privée{N}: son entretien revient à son propriétaire.',
]
/** What an organisation writes once the problem is fixed, by category. */
const RESOLUTION_MESSAGES: Record<string, { title: string; message: string }> = {
  Voirie: {
    title: 'Travaux terminés',
    message: 'Le trou a été rebouché et la chaussée remise en état. Merci pour votre signalement.',
  },
  'Éclairage public': {
    title: 'Éclairage rétabli',
    message: `Le lampadaire a été réparé hier soir. N’hésitez pas à nous signaler toute autre panne.`,
  },
  Propreté: {
    title: 'Dépôt enlevé',
    message:
      'Le dépôt a été enlevé ce matin par nos équipes. Merci de rappeler aux voisins les horaires du camion.',
  },
  Assainissement: {
    title: 'Intervention réalisée',
    message: 'Le réseau a été curé et l’écoulement rétabli. Merci pour votre vigilance.',
  },
  Autre: {
    title: 'Problème réglé',
    message: `Nos équipes sont intervenues. Merci pour votre signalement${N}!`,
  },
}

/**
 * Who takes a step of a report's history: its organisation, an administrator, the device that
 * filed it, or another resident's device saying "Moi aussi".
 */
export type DemoActor = 'organization' | 'admin' | 'reporter' | 'supporter'

export interface DemoStep {
  at: Date
  by: DemoActor
  action: ReportAction
  /** The supporting device (a SHA-256 hex), for a supporter's step. */
  device?: string
  /** The message a step sends to the filing device (an organisation's, a rejection's reason). */
  message?: { title: string; message: string }
}

export interface DemoReport {
  type: string
  description: string
  /** The commune it lies in: its coordinates are within the commune's circle. */
  commune: string
  /** A street of its commune and the commune's name; null for a report filed from the map alone. */
  address: string | null
  department: string
  latitude: number
  longitude: number
  createdAt: Date
  /** The filing device (a SHA-256 hex, as the server stores it): a few devices filed several. */
  reporterHash: string
  /** What happened to it after its filing, in order, all before `now`. */
  steps: DemoStep[]
}

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000
/** A year of reports, more of them lately (the platform is catching on). */
const HISTORY_DAYS = 365

function weightedCommune(random: () => number): Commune {
  const total = COMMUNES.reduce((sum, c) => sum + (COMMUNE_WEIGHTS[c.name] ?? 1), 0)
  let roll = random() * total
  for (const commune of COMMUNES) {
    roll -= COMMUNE_WEIGHTS[commune.name] ?? 1
    if (roll < 0) return commune
  }
  return COMMUNES[0] as Commune
}

/** A point of the commune's circle that no other commune's centre is nearer to. */
function pointIn(random: () => number, commune: Commune): { latitude: number; longitude: number } {
  for (let attempt = 0; attempt < 50; attempt++) {
    const distance = commune.radiusM * 0.9 * Math.sqrt(random())
    const angle = random() * 2 * Math.PI
    const latitude = commune.latitude + (distance * Math.cos(angle)) / 111_320
    const longitude =
      commune.longitude +
      (distance * Math.sin(angle)) / (111_320 * Math.cos((commune.latitude * Math.PI) / 180))
    const point = { latitude: round6(latitude), longitude: round6(longitude) }
    if (nearestCommune(point.latitude, point.longitude)?.name === commune.name) return point
  }
  return { latitude: commune.latitude, longitude: commune.longitude }
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6

function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

function hexHash(random: () => number): string {
  let hex = ''
  while (hex.length < 64)
    hex += Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, '0')
  return hex
}

/**
 * `count` reports over the year before `now`, each with what happened to it since: older ones
 * mostly claimed and resolved (in a time that depends on the problem), recent ones mostly
 * waiting, a few rejected by an administrator, some given a priority, some answered by their
 * organisation, some confirmed fixed by the citizen.
 */
export function demoReports(
  random: () => number,
  categoryNames: readonly string[],
  now: Date,
  count: number,
): DemoReport[] {
  const devices = Array.from({ length: Math.ceil(count * 0.75) }, () => hexHash(random))
  // Each category's descriptions are dealt like cards: every one is used before any comes back.
  const decks = new Map<string, string[]>()
  const describe = (type: string): string => {
    let deck = decks.get(type)
    if (!deck || deck.length === 0) {
      deck = shuffled(random, DEMO_DESCRIPTIONS[type] ?? DEMO_DESCRIPTIONS.Autre ?? [])
      decks.set(type, deck)
    }
    return deck.pop() ?? ''
  }
  const reports: DemoReport[] = []
  for (let i = 0; i < count; i++) {
    const type = pick(random, categoryNames)
    const commune = weightedCommune(random)
    const createdAt = new Date(now.getTime() - (1 - Math.sqrt(random())) * HISTORY_DAYS * DAY_MS)
    // Filed in the daytime, mostly.
    createdAt.setUTCHours(7 + Math.floor(random() * 15), Math.floor(random() * 60), Math.floor(random() * 60))
    if (createdAt > now) createdAt.setTime(now.getTime() - skewed(random, 1, 48) * HOUR_MS)
    const point = pointIn(random, commune)
    reports.push({
      type,
      description: describe(type),
      commune: commune.name,
      address:
        random() < 0.75 ? `${pick(random, COMMUNE_STREETS[commune.name] ?? [])}, ${commune.name}` : null,
      department: 'Dakar',
      ...point,
      createdAt,
      reporterHash: pick(random, devices),
      steps: historyOf(random, type, createdAt, now),
    })
  }
  // After every report is generated, so that the reports' own random draws stay those of before.
  for (const report of reports) addSupports(random, report, devices, now)
  return reports.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
}

/**
 * "Moi aussi" from other residents while the report is open: most reports have none, some a
 * few neighbours, a pothole on a busy road a dozen.
 */
function addSupports(random: () => number, report: DemoReport, devices: readonly string[], now: Date) {
  if (random() >= 0.35) return
  const count = 1 + Math.floor(skewed(random, 0, 14))
  const closing = report.steps.find(
    (step) => step.action.kind === 'set-status' && !isOpenStatus(step.action.status),
  )
  const end = (closing?.at ?? now).getTime()
  const start = report.createdAt.getTime()
  const others = shuffled(
    random,
    devices.filter((device) => device !== report.reporterHash),
  ).slice(0, count)
  for (const device of others) {
    const at = new Date(start + skewed(random, 0, 1) * (end - start))
    if (at.getTime() <= start || at.getTime() >= end) continue
    report.steps.push({ at, by: 'supporter', device, action: { kind: 'support' } })
  }
  report.steps.sort((a, b) => a.at.getTime() - b.at.getTime())
}

function historyOf(random: () => number, type: string, createdAt: Date, now: Date): DemoStep[] {
  const steps: DemoStep[] = []
  const after = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR_MS)
  const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS

  if (random() < 0.3) {
    const priority: ReportPriority = pick(random, ['high', 'high', 'urgent', 'low'] as const)
    steps.push({
      at: after(createdAt, skewed(random, 0.5, 30)),
      by: 'admin',
      action: { kind: 'set-priority', priority },
    })
  }
  // A few are not for the platform (a private matter, a duplicate, a joke): rejected early, with why.
  if (random() < 0.04) {
    const reason = pick(random, REJECTION_REASONS)
    steps.push({
      at: after(createdAt, skewed(random, 2, 72)),
      by: 'admin',
      action: { kind: 'set-status', status: 'rejete', reason },
      message: { title: ADMIN_MESSAGES.rejectionTitle, message: reason },
    })
    return steps.filter((step) => step.at < now)
  }

  const claimed = random() < Math.min(0.92, 0.15 + ageDays / 20)
  const claimedAt = after(createdAt, skewed(random, 2, 120))
  if (!claimed || claimedAt >= now) return steps.filter((step) => step.at < now)
  steps.push({ at: claimedAt, by: 'organization', action: { kind: 'claim' } })
  if (random() < 0.5) {
    const message = pick(random, CLAIM_MESSAGES)
    steps.push({
      at: after(claimedAt, skewed(random, 0.2, 6)),
      by: 'organization',
      action: { kind: 'message', title: message.title },
      message,
    })
  }

  const [fastest, slowest] = RESOLUTION_DAYS[type] ?? [1, 20]
  const resolvedAt = after(claimedAt, skewed(random, fastest, slowest) * 24)
  if (random() < Math.min(0.92, ageDays / 25) && resolvedAt < now) {
    steps.push({ at: resolvedAt, by: 'organization', action: { kind: 'set-status', status: 'resolu' } })
    if (random() < 0.75) {
      const message = RESOLUTION_MESSAGES[type] ?? RESOLUTION_MESSAGES.Autre
      steps.push({
        at: after(resolvedAt, skewed(random, 0.1, 3)),
        by: 'organization',
        action: { kind: 'message', title: message?.title ?? '' },
        message,
      })
    }
    if (random() < 0.35) {
      steps.push({
        at: after(resolvedAt, skewed(random, 4, 140)),
        by: 'reporter',
        action: { kind: 'confirm' },
      })
    }
  }
  return steps.filter((step) => step.at < now).sort((a, b) => a.at.getTime() - b.at.getTime())
}

export interface DemoOrganization {
  name: string
  type: OrganizationType
  email: string
  phone: string
  address: string
  city: string
  /** The name of its first responsable, who signs in with the organisation's e-mail. */
  responsable: string
  categories: readonly string[]
}

export const DEMO_ORGANIZATIONS: readonly DemoOrganization[] = [
  {
    name: 'Ville de Dakar — Services techniques',
    type: 'mairie',
    email: 'services.techniques@demo.alertes-urbaines.sn',
    phone: '+221 33 800 00 01',
    address: 'Place de l’Indépendance',
    city: 'Dakar',
    responsable: 'Awa Ndiaye',
    categories: ['Voirie', 'Éclairage public', 'Autre'],
  },
  {
    name: 'Société de gestion des déchets de Dakar',
    type: 'entreprise_service',
    email: 'contact@demo-proprete.sn',
    phone: '+221 33 800 00 02',
    address: 'Route de Rufisque',
    city: 'Dakar',
    responsable: 'Mamadou Sarr',
    categories: ['Propreté'],
  },
  {
    name: 'Office national de l’assainissement — Dakar',
    type: 'services_publics',
    email: 'dakar@demo-assainissement.sn',
    phone: '+221 33 800 00 03',
    address: 'Hann Bel-Air',
    city: 'Dakar',
    responsable: 'Fatou Diop',
    categories: ['Assainissement'],
  },
  {
    name: 'Association Quartiers Propres de la Médina',
    type: 'association',
    email: 'medina@demo-quartiers-propres.sn',
    phone: '+221 77 800 00 04',
    address: 'Rue 22, Médina',
    city: 'Dakar',
    responsable: 'Ibrahima Fall',
    categories: ['Propreté', 'Assainissement'],
  },
]

export const DEMO_ORGANIZATION_PASSWORD = 'demo1234'
