// A section's chart as a labelled figure: screen readers hear its title, and the table beside it carries the data.
import Box from '@mui/material/Box';
import type { ChartModel } from '../../lib/section.ts';
import { CHART_MAX_WIDTH } from './chart-size.ts';
import { ReportBarChart } from './ReportBarChart.tsx';
import { ReportPieChart } from './ReportPieChart.tsx';

interface Props {
  model: ChartModel;
  title: string;
  testId: string;
  height?: number;
}

export function ReportChart({ model, title, testId, height }: Props) {
  return (
    <Box
      component="figure"
      role="img"
      aria-label={title}
      data-testid={testId}
      data-chart-kind={model.kind}
      className="report-chart"
      sx={{ m: 0, width: '100%', maxWidth: CHART_MAX_WIDTH, minWidth: 0 }}
    >
      {model.kind === 'bar' ? (
        <ReportBarChart model={model} {...(height !== undefined && { height })} />
      ) : (
        <ReportPieChart model={model} />
      )}
    </Box>
  );
}
