// A pie of shares (the COF factors' part of the total), its legend beside it, values as percentages.
import { PieChart } from '@mui/x-charts/PieChart';
import type { PieChartModel } from '../../lib/section.ts';
import { CHART_HEIGHT } from './chart-size.ts';

export function ReportPieChart({ model }: { model: PieChartModel }) {
  return (
    <PieChart
      height={CHART_HEIGHT}
      series={[
        {
          data: model.slices.map((s) => ({
            id: s.id,
            value: s.value,
            label: s.label,
            ...(s.color && { color: s.color }),
          })),
          valueFormatter: (item) => model.format(item.value),
          innerRadius: 40,
          paddingAngle: 1,
        },
      ]}
      slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
      skipAnimation
    />
  );
}
