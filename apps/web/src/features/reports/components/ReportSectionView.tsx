// One section of a report: its heading, then the chart and the table with the same figures, side by side where
// the screen is wide and the table narrow, one under the other otherwise (and on paper).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { csvFileName } from '../lib/csv.ts';
import type { ReportSection } from '../lib/section.ts';
import { CHART_MAX_WIDTH } from './charts/chart-size.ts';
import { ReportChart } from './charts/ReportChart.tsx';
import { ReportTableView } from './ReportTableView.tsx';

/** Tables wider than this go under their chart: side by side they would squeeze both. */
const SIDE_BY_SIDE_MAX_COLUMNS = 5;

interface Props {
  section: ReportSection;
  /** Leads the CSV file name (the dataset's name). */
  fileStem: string;
}

export function ReportSectionView({ section, fileStem }: Props) {
  const headingId = `report-section-${section.id}`;
  const sideBySide = section.chart !== undefined && section.table.columns.length <= SIDE_BY_SIDE_MAX_COLUMNS;
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
        <Box
          sx={{
            mt: 1,
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              lg: sideBySide ? `minmax(0, ${CHART_MAX_WIDTH}px) minmax(0, 1fr)` : 'minmax(0, 1fr)',
            },
          }}
        >
          {section.chart && (
            <ReportChart model={section.chart} title={section.title} testId={`report-chart-${section.id}`} />
          )}
          <ReportTableView
            table={section.table}
            fileName={csvFileName(fileStem, section.title)}
            testId={`report-table-${section.id}`}
          />
        </Box>
      )}
    </Box>
  );
}
