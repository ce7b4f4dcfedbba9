// One section of a report: its heading, then the chart and the table with the same figures, side by side where
// the table fits beside the chart whole, one under the other otherwise (narrow screens, wide tables, Japanese
// full-width figures, paper).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { csvFileName } from '../lib/csv.ts';
import type { ReportSection } from '../lib/section.ts';
import { tableWidthPx } from '../lib/text-width.ts';
import { CHART_MAX_WIDTH } from './charts/chart-size.ts';
import { ReportChart } from './charts/ReportChart.tsx';
import { ReportTableView } from './ReportTableView.tsx';

interface Props {
  section: ReportSection;
  /** Leads the CSV file name (the dataset's name). */
  fileStem: string;
}

export function ReportSectionView({ section, fileStem }: Props) {
  const headingId = `report-section-${section.id}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      className="report-section"
      data-testid={`report-section-${section.id}`}
      sx={{ py: 2 }}
    >
      <Typography variant="h6" component="h2" id={headingId}>
        {section.title}
      </Typography>
      {section.subtitle && (
        <Typography variant="body2" color="text.secondary">
          {section.subtitle}
        </Typography>
      )}
      {section.empty ? (
        <Alert severity="info" sx={{ mt: 1 }} data-testid={`report-section-${section.id}-empty`}>
          {section.empty}
        </Alert>
      ) : (
        // A wrapping row: the table's basis is the width it needs (tableWidthPx), so where the chart and that width
        // do not fit on one line the table goes under the chart instead of being squeezed beside it.
        <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          {section.chart && (
            <Box sx={{ flex: `0 1 ${CHART_MAX_WIDTH}px`, minWidth: 0 }}>
              <ReportChart
                model={section.chart}
                title={section.title}
                testId={`report-chart-${section.id}`}
              />
              {section.moreCharts?.map((model, i) => (
                <ReportChart
                  key={i}
                  model={model}
                  title={section.title}
                  testId={`report-chart-${section.id}-${i + 1}`}
                />
              ))}
            </Box>
          )}
          <Box sx={{ flex: `1 1 ${tableWidthPx(section.table)}px`, minWidth: 0 }}>
            <ReportTableView
              table={section.table}
              fileName={csvFileName(fileStem, section.title)}
              testId={`report-table-${section.id}`}
            />
          </Box>
        </Box>
      )}
    </Box>
  );
}
