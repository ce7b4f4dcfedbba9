// The programme's charts, scenario beside scenario, year by year (issue 39): expected breaks with their 95 %
// interval as a band, total risk (BRE) and spend in money, length renewed in km or mi, the mean and 90th-percentile
// age, and the share of length past its remaining useful life. Each is a labelled figure; the table carries the data.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { SegmentLargeUnit } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import type { ProgrammeView } from '../../api/programmes.ts';
import {
  PROGRAMME_METRICS,
  SCENARIO_COLORS,
  metricValue,
  programmeYears,
  type ProgrammeMetric,
} from '../../lib/programme-result.ts';

export { SCENARIO_COLORS };

export interface ChartFormat {
  money: (v: number | null) => string;
  number: (v: number | null, decimals?: number) => string;
  large: SegmentLargeUnit;
  largeSymbol: string;
}

const tickDecimals = (v: number) => (Number.isInteger(v) ? 0 : Number.isInteger(v * 10) ? 1 : 2);

function axisText(metric: ProgrammeMetric, fmt: ChartFormat, v: number | null): string {
  if (v == null) return '';
  switch (metric) {
    case 'bre':
    case 'spend':
      return v === 0 ? fmt.number(0) : fmt.money(v);
    // Ticks are whole or a step of a half, a fifth…: a fraction keeps its decimals so no two ticks read alike.
    case 'pastRul':
      return `${fmt.number(v, tickDecimals(v))} %`;
    case 'length':
    case 'breaks':
    case 'meanAge':
    case 'p90Age':
      return fmt.number(v, tickDecimals(v));
  }
}

function valueText(metric: ProgrammeMetric, fmt: ChartFormat, v: number | null): string {
  if (v == null) return '';
  switch (metric) {
    case 'bre':
    case 'spend':
      return fmt.money(v);
    case 'pastRul':
      return `${fmt.number(v, 1)} %`;
    case 'length':
      return `${fmt.number(v, 2)} ${fmt.largeSymbol}`;
    case 'breaks':
    case 'meanAge':
    case 'p90Age':
      return fmt.number(v, 1);
  }
}

export function ProgrammeCharts({ programme, fmt }: { programme: ProgrammeView; fmt: ChartFormat }) {
  const { t } = useTranslation('planner');
  const years = programmeYears(programme);
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(420px, 1fr))', gap: 2 }}
      data-testid="programme-charts"
    >
      {PROGRAMME_METRICS.map((metric) => {
        const title = t(`programme.metric.${metric}`, { unit: fmt.largeSymbol });
        const lines = programme.scenarios.map((s, k) => ({
          id: `s-${k}`,
          label: s.name,
          color: SCENARIO_COLORS[k % SCENARIO_COLORS.length]!,
          data: s.years.map((y) => metricValue(metric, y, fmt.large)),
          showMark: years.length <= 12,
          valueFormatter: (v: number | null) => valueText(metric, fmt, v),
        }));
        // The interval as a band under each scenario's line: its low edge, invisible, and the span above it.
        const bands =
          metric === 'breaks'
            ? programme.scenarios.flatMap((s, k) => [
                {
                  id: `band-low-${k}`,
                  stack: `band-${k}`,
                  area: true,
                  showMark: false,
                  color: 'transparent',
                  data: s.years.map((y) => y.expectedBreaksLow),
                  valueFormatter: () => null,
                },
                {
                  id: `band-span-${k}`,
                  stack: `band-${k}`,
                  area: true,
                  showMark: false,
                  color: `${SCENARIO_COLORS[k % SCENARIO_COLORS.length]}1f`,
                  data: s.years.map((y) => y.expectedBreaksHigh - y.expectedBreaksLow),
                  valueFormatter: () => null,
                },
              ])
            : [];
        return (
          <Box
            key={metric}
            component="figure"
            role="img"
            aria-label={title}
            data-testid={`programme-chart-${metric}`}
            sx={{ m: 0, minWidth: 0 }}
          >
            <Typography variant="subtitle2" component="figcaption">
              {title}
            </Typography>
            {metric === 'breaks' && (
              <Typography variant="caption" color="text.secondary" component="p">
                {t('programme.result.band')}
              </Typography>
            )}
            <LineChart
              height={260}
              skipAnimation
              xAxis={[{ data: years, scaleType: 'point', valueFormatter: (v: number) => String(v) }]}
              yAxis={[{ width: 72, valueFormatter: (v: number | null) => axisText(metric, fmt, v) }]}
              series={[...bands, ...lines]}
              sx={{ '& path[data-series^="band-"]': { strokeWidth: 0 } }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
