import type { Rolldown } from 'vite'

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>
type ModuleGraph = { getModuleInfo(id: string): Rolldown.ModuleInfo | null }

import { type Area, areaOf, HOME_FILE, routeEntries } from './src/web/app/routes'

/**
 * Where the screens loaded on demand live. Left to the bundler, every set of screens sharing a
 * module got a file of its own: a signed-in page needed about fifty files, each a round trip on a
 * slow phone network before its first paint (HTTP/1.1 fetches six at a time). The areas come from
 * the route table: each route module's own, and for a file loaded on demand that is no route
 * module, that of the route modules of its feature's folder.
 */
const SCREEN_AREAS = new Map<string, Area>(
  // The home page is in the first download, not loaded on demand.
  [...routeEntries()].flatMap((entry) =>
    entry.file === HOME_FILE ? [] : [[`/src/web/${entry.file}.tsx`, areaOf(entry.file)] as const],
  ),
)

/** The folder of a feature (`/src/web/features/admin/`), or null. */
const featureFolderOf = (file: string) => file.match(/^.*\/src\/web\/features\/[^/]+\//)?.[0] ?? null

/** Each feature folder whose screens are all of one area: that area. */
const FOLDER_AREAS = new Map<string, Area>()
{
  const seen = new Map<string, Set<Area>>()
  for (const [file, area] of SCREEN_AREAS) {
    const folder = featureFolderOf(file)
    if (folder) seen.set(folder, (seen.get(folder) ?? new Set()).add(area))
  }
  for (const [folder, areas] of seen) if (areas.size === 1) FOLDER_AREAS.set(folder, [...areas][0] as Area)
}

type FileArea = Area | 'elsewhere'

/** Form validation (zod and its form bindings): only the screens with a form need it. */
const FORM_LIBRARIES = /\/node_modules\/(zod|@hookform\/resolvers|react-hook-form)\//

/** Whether a module needs one of these libraries, itself or through what it imports. */
function needs(libraries: RegExp, id: string, graph: ModuleGraph, memo: Map<string, boolean>): boolean {
  const known = memo.get(id)
  if (known !== undefined) return known
  memo.set(id, false) // an import cycle meets this answer and stops
  const module = graph.getModuleInfo(id)
  const answer =
    libraries.test(id) ||
    (module?.importedIds.some((imported) => needs(libraries, imported, graph, memo)) ?? false)
  memo.set(id, answer)
  return answer
}

/** The map (Leaflet): fetched after the first paint by the screens that show one, kept apart. */
const MAP_LIBRARIES = /\/node_modules\/(leaflet|leaflet\.markercluster|react-leaflet|@react-leaflet\/core)\//

/** A map's file loaded on demand: its still preview or its live map (home-map-preview.tsx, place-map.tsx…). */
const MAP_FILE = /\/[^/]*map[^/]*\.tsx$/

/**
 * The session's code: only the signed-in areas load it (the app fetches it for their pages only),
 * so it goes with the frame they share instead of a file of its own.
 */
const SESSION_CODE = /\/src\/web\/lib\/auth\//

/** The home page's own folder: what it loads after its first paint (its map, its lower parts). */
const HOME_FOLDER = /\/src\/web\/features\/home\//

/** The offline support (the service worker, the queued reports), which every page starts once idle. */
const OFFLINE_SUPPORT_FILE = /\/src\/web\/pwa\/start-offline-support\.ts$/

/**
 * Whether a file loaded on demand is one the home page loads after its first paint: its own parts,
 * or the offline support every page starts.
 */
function isHomePart(file: string, graph: ModuleGraph): boolean {
  if (OFFLINE_SUPPORT_FILE.test(file)) return true
  return graph.getModuleInfo(file)?.dynamicImporters.some((importer) => HOME_FOLDER.test(importer)) ?? false
}

/** The area of a file loaded on demand, from the route table. */
function areaOfLoadedFile(id: string): FileArea {
  const screenArea = SCREEN_AREAS.get(id.replace(/^.*(?=\/src\/web\/)/, ''))
  if (screenArea) return screenArea
  const folder = featureFolderOf(id)
  return (folder && FOLDER_AREAS.get(folder.replace(/^.*(?=\/src\/web\/)/, ''))) || 'elsewhere'
}

/**
 * The files loaded on demand that need this module: its importers are followed up to each such
 * file, and past it, since it may be imported statically elsewhere too.
 */
function filesNeeding(id: string, graph: ModuleGraph, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id)
  if (known) return known
  const files = new Set<string>()
  memo.set(id, files) // an import cycle meets this empty set and stops
  const module = graph.getModuleInfo(id)
  if (!module) return files
  if (module.dynamicImporters.length > 0) files.add(id)
  for (const importer of module.importers)
    for (const file of filesNeeding(importer, graph, memo)) files.add(file)
  return files
}

interface Memo {
  files: Map<string, Set<string>>
  forms: Map<string, boolean>
  map: Map<string, boolean>
}

/** The file a module of the screens goes to, or null to let the bundler choose. */
function screensFile(id: string, graph: ModuleGraph, memo: Memo): string | null {
  if (SESSION_CODE.test(id)) return 'signed-in'
  const module = graph.getModuleInfo(id)
  // A route module keeps its own file: the server lists it in the page.
  if (!module || module.dynamicImporters.length > 0) return null
  const files = filesNeeding(id, graph, memo.files)
  // Needed by one screen only: in that screen's own file, fetched with it and by nothing else.
  if (files.size <= 1) return null
  const areas = new Set([...files].map(areaOfLoadedFile))
  if (areas.size === 1 && areas.has('elsewhere')) return null
  // Each kept apart with what imports it, or every screen of an area would fetch it; so is what
  // only the maps need (the grouping of markers, the maps' styles).
  if (needs(MAP_LIBRARIES, id, graph, memo.map)) return null
  if ([...files].every((file) => needs(MAP_LIBRARIES, file, graph, memo.map))) return null
  // A style sheet goes with the code that imports it.
  if (id.endsWith('.css')) return null
  // What only the maps need without Leaflet (their still previews, the grouping of markers): one
  // file, fetched with a map and never by a screen without one.
  if ([...files].every((file) => MAP_FILE.test(file))) return 'maps'
  // What the home page's map and lower parts share with other screens (a report's badges, dates,
  // card), and what the offline support shares with them (the outbox): apart from the screens'
  // other code (dialogs, forms), which the home page never needs. Every screen that shows reports
  // fetches this one small file too; the outbox in a file of its own made the signed-in lists wait
  // for a ninth file.
  if ([...files].some((file) => isHomePart(file, graph))) return 'home-parts'
  if (needs(FORM_LIBRARIES, id, graph, memo.forms)) return 'forms'
  if (areas.size === 1) return [...areas][0] ?? null
  // Shared by the organisation and admin screens only, or by the citizen's too.
  if (areas.has('citizen') || areas.has('elsewhere')) return 'screens'
  return 'signed-in'
}

/**
 * One file for everything the first page needs; the screens' code in a few files by area; the
 * rest (the map, offline support, other languages) as the bundler splits it.
 */
export function appCodeSplitting(): CodeSplitting {
  const memo: Memo = { files: new Map(), forms: new Map(), map: new Map() }
  return {
    groups: [
      { name: 'app', tags: ['$initial'], priority: 2 },
      {
        name: (id, graph) => screensFile(id, graph, memo),
        priority: 1,
        includeDependenciesRecursively: false,
      },
    ],
  }
}
