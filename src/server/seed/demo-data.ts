// Realistic demo content for the department of Dakar, generated from a seed so that every run
// gives the same platform. Pure: no I/O.
import type { OrganizationType } from '../../domain/organization'
import type { ReportPriority, ReportStatus } from '../../domain/report-states'
import { DAKAR_COMMUNES } from './dakar-communes'

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

export const DEMO_DESCRIPTIONS: Record<string, readonly string[]> = {
  Voirie: [
    'Nid-de-poule profond au milieu de la chaussée, les voitures font des écarts dangereux.',
    'Trottoir effondré devant l’école, les enfants marchent sur la route.',
    'Route ensablée après le dernier coup de vent, les motos glissent.',
    'Dalle de caniveau cassée sur le passage piéton.',
    'Chaussée fissurée sur plus de vingt mètres près du marché.',
  ],
  'Éclairage public': [
    'Lampadaire éteint depuis deux semaines, la rue est dans le noir complet la nuit.',
    'Trois poteaux d’éclairage ne fonctionnent plus sur l’avenue.',
    'Câble électrique pendant d’un lampadaire, danger pour les passants.',
    'Éclairage qui clignote toute la nuit au carrefour.',
  ],
  Propreté: [
    'Dépôt sauvage d’ordures au coin de la rue, les odeurs sont insupportables.',
    'Les poubelles du marché n’ont pas été vidées depuis une semaine.',
    'Sable et déchets plastiques accumulés le long de la corniche.',
    'Carcasse de voiture abandonnée qui attire les déchets.',
  ],
  Assainissement: [
    'Canalisation bouchée, les eaux usées débordent sur la chaussée.',
    'Regard d’égout sans couvercle, risque de chute.',
    'Eaux stagnantes depuis les dernières pluies, moustiques partout.',
    'Fosse septique qui déborde dans la ruelle.',
  ],
  Autre: [
    'Panneau de signalisation arraché au rond-point.',
    'Arbre tombé qui bloque une partie de la rue.',
    'Feu tricolore en panne aux heures de pointe.',
  ],
}

const STREETS = [
  'Avenue Cheikh Anta Diop',
  'Avenue Blaise Diagne',
  'Rue 10',
  'Boulevard du Général de Gaulle',
  'Route de la Corniche Ouest',
  'Avenue Bourguiba',
  'Rue Carnot',
  'Allées Seydou Nourou Tall',
  'Route de l’Aéroport',
  'Rue Mohamed V',
]

export interface DemoReport {
  type: string
  description: string
  status: ReportStatus
  priority: ReportPriority
  address: string | null
  department: string
  latitude: number
  longitude: number
  createdAt: Date
}

export function demoReport(random: () => number, categoryNames: readonly string[], now: Date): DemoReport {
  const type = pick(random, categoryNames)
  const commune = pick(random, DAKAR_COMMUNES)
  const roll = random()
  const status: ReportStatus =
    roll < 0.45 ? 'en-attente' : roll < 0.7 ? 'en-cours' : roll < 0.97 ? 'resolu' : 'rejete'
  const priorityRoll = random()
  const priority: ReportPriority =
    priorityRoll < 0.15 ? 'low' : priorityRoll < 0.75 ? 'normal' : priorityRoll < 0.93 ? 'high' : 'urgent'
  const ageMs = random() ** 2 * 120 * 24 * 60 * 60 * 1000
  return {
    type,
    description: pick(random, DEMO_DESCRIPTIONS[type] ?? DEMO_DESCRIPTIONS.Autre ?? []),
    status,
    priority,
    address: random() < 0.7 ? `${pick(random, STREETS)}, ${commune.name}` : null,
    department: 'Dakar',
    // About ±800 m around the commune's centre.
    latitude: commune.latitude + (random() - 0.5) * 0.015,
    longitude: commune.longitude + (random() - 0.5) * 0.015,
    createdAt: new Date(now.getTime() - ageMs),
  }
}

export interface DemoOrganization {
  name: string
  type: OrganizationType
  email: string
  phone: string
  address: string
  city: string
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
    categories: ['Voirie', 'Éclairage public', 'Autre'],
  },
  {
    name: 'Société de gestion des déchets de Dakar',
    type: 'entreprise_service',
    email: 'contact@demo-proprete.sn',
    phone: '+221 33 800 00 02',
    address: 'Route de Rufisque',
    city: 'Dakar',
    categories: ['Propreté'],
  },
  {
    name: 'Office national de l’assainissement — Dakar',
    type: 'services_publics',
    email: 'dakar@demo-assainissement.sn',
    phone: '+221 33 800 00 03',
    address: 'Hann Bel-Air',
    city: 'Dakar',
    categories: ['Assainissement'],
  },
  {
    name: 'Association Quartiers Propres de la Médina',
    type: 'association',
    email: 'medina@demo-quartiers-propres.sn',
    phone: '+221 77 800 00 04',
    address: 'Rue 22, Médina',
    city: 'Dakar',
    categories: ['Propreté', 'Assainissement'],
  },
]

export const DEMO_ORGANIZATION_PASSWORD = 'demo1234'
