import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { COMMUNES, type Commune } from '../../../../domain/communes'
import type { OpenArea } from '../../../../domain/public-data'
import { LINE_HEIGHT, placeLabels } from './place-labels'
import { formatCount } from './stat-formats'

// The department of Dakar, a little beyond its communes' circles.
const BOUNDS = { minLon: -17.545, maxLon: -17.385, minLat: 14.655, maxLat: 14.785 }
const WIDTH = 600
// Degrees of longitude are shorter than degrees of latitude at Dakar's latitude (cos 14.7°).
const HEIGHT = Math.round(
  (WIDTH * (BOUNDS.maxLat - BOUNDS.minLat)) /
    ((BOUNDS.maxLon - BOUNDS.minLon) * Math.cos((14.72 * Math.PI) / 180)),
)
const METRES_PER_DEGREE = 111_320
const LARGEST_DOT = 22
/** The communes' names, in the drawing's units (about 8 px on a 360 px phone, 15 px at 600 px). */
const NAME_SIZE = 15

const project = (latitude: number, longitude: number) => ({
  x: ((longitude - BOUNDS.minLon) / (BOUNDS.maxLon - BOUNDS.minLon)) * WIDTH,
  y: ((BOUNDS.maxLat - latitude) / (BOUNDS.maxLat - BOUNDS.minLat)) * HEIGHT,
})
const inBounds = (area: OpenArea) =>
  area.longitude >= BOUNDS.minLon &&
  area.longitude <= BOUNDS.maxLon &&
  area.latitude >= BOUNDS.minLat &&
  area.latitude <= BOUNDS.maxLat

/** A ring of an outline: its corners as [longitude, latitude], the last joined to the first. */
export type Ring = readonly (readonly [longitude: number, latitude: number])[]

/**
 * A commune as the map draws it: its name beside its centre, and its land: its outline where one
 * is known (rings, as imported boundaries will give them), else its circle.
 */
export interface DrawnCommune extends Pick<Commune, 'name' | 'latitude' | 'longitude' | 'radiusM'> {
  outline?: readonly Ring[]
}

const pathOf = (outline: readonly Ring[]) =>
  outline
    .map(
      (ring) =>
        `${ring
          .map(([longitude, latitude], i) => {
            const { x, y } = project(latitude, longitude)
            return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`
          })
          .join('')}Z`,
    )
    .join('')

/**
 * Where the open reports are, in an SVG rendered by the server: the communes of Dakar (their land, a
 * dot at their centre and their name, so that a resident finds their way), a red dot per square
 * of about 600 m sized by its open reports (each with its figure as its title), and the same
 * figures per commune as a list.
 */
export function OpenReportsMap({
  areas,
  communes: drawnCommunes = COMMUNES,
}: {
  areas: readonly OpenArea[]
  communes?: readonly DrawnCommune[]
}) {
  const { t } = useTranslation('citizen')
  const titleId = useId()
  const outside = t('statistics.outsideCommunes')
  const byCommune = new Map<string, number>()
  for (const area of areas) {
    const name = area.commune ?? outside
    byCommune.set(name, (byCommune.get(name) ?? 0) + area.open)
  }
  const communes = [...byCommune].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'fr'))
  const shown = areas.filter(inBounds)
  const largest = Math.max(1, ...shown.map((area) => area.open))
  const pxPerMetre =
    WIDTH / ((BOUNDS.maxLon - BOUNDS.minLon) * METRES_PER_DEGREE * Math.cos((14.72 * Math.PI) / 180))

  const names = placeLabels(
    drawnCommunes.map((commune) => ({ name: commune.name, ...project(commune.latitude, commune.longitude) })),
    { width: WIDTH, height: HEIGHT, fontSize: NAME_SIZE },
  )

  if (areas.length === 0) return <p className="text-slate-700">{t('statistics.noOpenReport')}</p>
  return (
    <div className="flex flex-col gap-4">
      <figure className="flex flex-col gap-2">
        <svg
          role="img"
          aria-labelledby={titleId}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="w-full rounded-xl border border-slate-200 bg-sky-50"
        >
          <title id={titleId}>{t('statistics.mapChart')}</title>
          {drawnCommunes.map((commune) => {
            if (commune.outline) {
              return (
                <path
                  key={commune.name}
                  d={pathOf(commune.outline)}
                  className="fill-amber-100 stroke-amber-700/50"
                  fillRule="evenodd"
                />
              )
            }
            const { x, y } = project(commune.latitude, commune.longitude)
            return (
              <circle
                key={commune.name}
                cx={x.toFixed(1)}
                cy={y.toFixed(1)}
                r={(commune.radiusM * pxPerMetre).toFixed(1)}
                className="fill-amber-100 stroke-amber-700/50"
              />
            )
          })}
          {shown.map((area) => {
            const { x, y } = project(area.latitude, area.longitude)
            const label = t('statistics.mapArea', {
              place: area.commune ?? outside,
              open: formatCount(area.open),
            })
            return (
              <circle
                key={`${area.latitude},${area.longitude}`}
                cx={x.toFixed(1)}
                cy={y.toFixed(1)}
                r={(3 + Math.sqrt(area.open / largest) * (LARGEST_DOT - 3)).toFixed(1)}
                className="fill-red-600/60 stroke-red-800"
              >
                <title>{label}</title>
              </circle>
            )
          })}
          <g className="pointer-events-none">
            {names.map((label) => {
              const commune = drawnCommunes.find(({ name }) => name === label.name)
              if (!commune) return null
              const { x, y } = project(commune.latitude, commune.longitude)
              return (
                <g key={label.name}>
                  <circle cx={x.toFixed(1)} cy={y.toFixed(1)} r={2.5} className="fill-slate-800" />
                  <text
                    x={label.x.toFixed(1)}
                    y={label.y.toFixed(1)}
                    textAnchor={label.anchor}
                    fontSize={NAME_SIZE}
                    className="fill-slate-900 stroke-white font-semibold [paint-order:stroke] [stroke-width:3px]"
                  >
                    {label.lines.map((line, i) => (
                      <tspan key={line} x={label.x.toFixed(1)} dy={i === 0 ? 0 : `${LINE_HEIGHT}em`}>
                        {line}
                      </tspan>
                    ))}
                  </text>
                </g>
              )
            })}
          </g>
        </svg>
        <figcaption className="text-sm text-slate-700">{t('statistics.mapChart')}</figcaption>
      </figure>
      <section aria-labelledby={`${titleId}-communes`} className="flex flex-col gap-2">
        <h3 id={`${titleId}-communes`} className="font-semibold text-slate-900">
          {t('statistics.byCommune')}
        </h3>
        <ol className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {communes.map(([name, open]) => (
            <li key={name} className="flex justify-between gap-3 border-b border-slate-100 py-1">
              <span className="text-slate-800">{name}</span>
              <span className="font-semibold text-slate-900">{formatCount(open)}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
