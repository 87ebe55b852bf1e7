import { Card, Classes, Elevation, H3, NonIdealState } from '@blueprintjs/core'
import { VictoryContainer, VictoryPie } from 'victory'

/** Blueprint's categorical palette (its `Colors` at mid intensity): distinct on light and dark themes. */
const PALETTE = ['#2D72D2', '#29A634', '#D1980B', '#CD4246', '#7961DB', '#00A396', '#D13913', '#68C1EE', '#C22762']

export interface PieSlice {
  label: string
  count: number
}

export interface PieChartProps {
  /** the card's title; also the chart's accessible name ('Cloud Providers chart') */
  title: string
  slices: readonly PieSlice[]
}

/**
 * One pie of the dash stats page (spec 000 §2) in a card: the chart is an image named by the title
 * and described by its counts, and the legend beside it is a list people and screen readers can read.
 */
export function PieChart({ title, slices }: PieChartProps) {
  const shown = slices.filter((s) => s.count > 0)
  const total = shown.reduce((sum, s) => sum + s.count, 0)
  const description = shown.map((s) => `${s.label}: ${s.count}`).join(', ')
  const id = title.toLowerCase().replace(/\W+/g, '-')
  return (
    <Card elevation={Elevation.ONE} className="pie-card" role="region" aria-labelledby={`${id}-title`}>
      <H3 id={`${id}-title`} className={Classes.HEADING}>
        {title}
      </H3>
      {total === 0 ? (
        <NonIdealState icon="pie-chart" title="Nothing to count yet" />
      ) : (
        <div className="pie-card__body">
          <div className="pie-card__chart">
            <VictoryPie
              data={shown.map((s) => ({ x: s.label, y: s.count }))}
              colorScale={PALETTE}
              innerRadius={60}
              padAngle={1}
              labels={() => null}
              width={260}
              height={260}
              padding={10}
              containerComponent={
                <VictoryContainer title={`${title} chart`} desc={description} responsive role="img" aria-label={`${title} chart`} />
              }
            />
          </div>
          <ul className="pie-card__legend" aria-label={`${title} legend`}>
            {shown.map((s, i) => (
              <li key={s.label}>
                <span className="pie-card__swatch" style={{ background: PALETTE[i % PALETTE.length] }} aria-hidden />
                <span className="pie-card__label">{s.label}</span>
                <span className="pie-card__count">
                  {s.count.toLocaleString('en-US')} <span className={Classes.TEXT_MUTED}>({Math.round((s.count / total) * 100)}%)</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  )
}
