import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { WeekStats } from '../../../../domain/public-data'
import { formatCount, formatWeek } from './stat-formats'

const WIDTH = 640
const HEIGHT = 240
const LEFT = 48
const RIGHT = 12
const TOP = 16
const BOTTOM = 28
const FILED_CLASS = 'stroke-sky-700'
const RESOLVED_CLASS = 'stroke-green-700'

/**
 * Filed and resolved reports week after week: two lines in an SVG rendered by the server, a point per
 * week with its figures as its title, and the same figures in a table that opens without JavaScript.
 */
export function WeeklyTrend({ weeks }: { weeks: readonly WeekStats[] }) {
  const { t } = useTranslation('citizen')
  const titleId = useId()
  const descriptionId = useId()
  const max = Math.max(1, ...weeks.map((week) => Math.max(week.filed, week.resolved)))
  const step = (WIDTH - LEFT - RIGHT) / Math.max(1, weeks.length - 1)
  // One decimal: the server's render and the browser's are the same text.
  const x = (index: number) => Math.round((LEFT + index * step) * 10) / 10
  const y = (value: number) => Math.round((TOP + (1 - value / max) * (HEIGHT - TOP - BOTTOM)) * 10) / 10
  const line = (key: 'filed' | 'resolved') =>
    weeks.map((week, index) => `${x(index)},${y(week[key])}`).join(' ')
  const summary = (week: WeekStats) =>
    t('statistics.weekSummary', {
      week: formatWeek(week.week),
      filed: formatCount(week.filed),
      resolved: formatCount(week.resolved),
    })
  const first = weeks[0]
  const last = weeks.at(-1)

  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="text-sm font-medium text-slate-700">{t('statistics.weeklyChart')}</figcaption>
      <ul className="flex gap-4 text-sm text-slate-800">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-1 w-6 rounded bg-sky-700" />
          {t('statistics.filed')}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-1 w-6 rounded bg-green-700" />
          {t('statistics.resolvedLegend')}
        </li>
      </ul>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="w-full rounded-xl border border-slate-200 bg-white"
      >
        <title id={titleId}>{t('statistics.weeklyChart')}</title>
        <desc id={descriptionId}>{last ? summary(last) : ''}</desc>
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(0)} y2={y(0)} className="stroke-slate-300" />
        <line
          x1={LEFT}
          x2={WIDTH - RIGHT}
          y1={y(max)}
          y2={y(max)}
          className="stroke-slate-200"
          strokeDasharray="4 4"
        />
        <text
          x={LEFT - 6}
          y={y(0)}
          textAnchor="end"
          dominantBaseline="middle"
          className="fill-slate-700 text-[13px]"
        >
          0
        </text>
        <text
          x={LEFT - 6}
          y={y(max)}
          textAnchor="end"
          dominantBaseline="middle"
          className="fill-slate-700 text-[13px]"
        >
          {formatCount(max)}
        </text>
        {first ? (
          <text x={x(0)} y={HEIGHT - 8} className="fill-slate-700 text-[13px]">
            {formatWeek(first.week)}
          </text>
        ) : null}
        {last ? (
          <text
            x={x(weeks.length - 1)}
            y={HEIGHT - 8}
            textAnchor="end"
            className="fill-slate-700 text-[13px]"
          >
            {formatWeek(last.week)}
          </text>
        ) : null}
        <polyline points={line('filed')} fill="none" strokeWidth={2.5} className={FILED_CLASS} />
        <polyline points={line('resolved')} fill="none" strokeWidth={2.5} className={RESOLVED_CLASS} />
        {weeks.map((week, index) => (
          <g key={week.week}>
            <title>{summary(week)}</title>
            <circle
              cx={x(index)}
              cy={y(week.filed)}
              r={3}
              className={`fill-white ${FILED_CLASS}`}
              strokeWidth={2}
            />
            <circle
              cx={x(index)}
              cy={y(week.resolved)}
              r={3}
              className={`fill-white ${RESOLVED_CLASS}`}
              strokeWidth={2}
            />
          </g>
        ))}
      </svg>
      <details className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-900">{t('statistics.weeklyTable')}</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="text-slate-700">
              <th scope="col" className="py-1 font-medium">
                {t('statistics.week')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('statistics.filed')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('statistics.resolvedLegend')}
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {formatWeek(week.week)}
                </th>
                <td className="py-1 text-right">{formatCount(week.filed)}</td>
                <td className="py-1 text-right">{formatCount(week.resolved)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
