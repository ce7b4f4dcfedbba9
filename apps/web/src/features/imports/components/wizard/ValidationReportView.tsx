// What validation found: counts, the first rows of each problem, topology and break matching, and whether the
// data can be imported at all (and if not, why).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ValidationReport } from '../../api/validate-import.ts';
import { useDisplayFormat } from '../../hooks/use-display-format.ts';
import { Figures } from './Figures.tsx';
import { ProblemTable } from './ProblemTable.tsx';
import { TopologyReportView } from './TopologyReportView.tsx';

export function ValidationReportView({ report }: { report: ValidationReport }) {
  const { t } = useTranslation('data');
  const { number } = useDisplayFormat();
  const problems = Object.entries(report.problems);
  const problemLabel = (kind: string) => t(`problem.${kind}`, { defaultValue: kind });
  return (
    <Stack spacing={2} data-testid="import-report">
      {report.canImport ? (
        <Alert severity="success" data-testid="import-can-import">
          {t('wizard.review.canImport', { rows: number(report.imported) })}
        </Alert>
      ) : (
        <Alert severity="error" data-testid="import-blocked">
          <AlertTitle>{t('wizard.review.blocked')}</AlertTitle>
          {report.blocking.length > 0 && (
            <ul data-testid="import-blocking">
              {report.blocking.map((b) => (
                <li key={b}>{problemLabel(b)}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {report.warnings.length > 0 && (
        <Alert severity="warning" data-testid="import-warnings">
          <AlertTitle>{t('wizard.review.warningsTitle')}</AlertTitle>
          <ul>
            {report.warnings.map((w) => (
              <li key={w}>{t(`warning.${w}`, { defaultValue: w })}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Figures
        testId="import-report-counts"
        items={[
          [t('wizard.review.rows'), number(report.rows)],
          [t('wizard.review.imported'), number(report.imported)],
          [t('wizard.review.skipped'), number(report.skipped)],
        ]}
      />
      {report.topology && <TopologyReportView topology={report.topology} />}
      {report.matching && (
        <>
          <Typography variant="subtitle1">{t('wizard.review.matching')}</Typography>
          <Figures
            testId="import-matching"
            items={[
              [t('wizard.review.byId'), number(report.matching.byId)],
              [t('wizard.review.bySnap'), number(report.matching.bySnap)],
              [t('wizard.review.unmatched'), number(report.matching.unmatched)],
            ]}
          />
        </>
      )}
      <Typography variant="subtitle1">{t('wizard.review.problems')}</Typography>
      {problems.length === 0 ? (
        <Typography color="text.secondary" data-testid="import-no-problems">
          {t('wizard.review.noProblems')}
        </Typography>
      ) : (
        problems.map(([kind, tally]) => (
          <ProblemTable key={kind} kind={kind} label={problemLabel(kind)} tally={tally} />
        ))
      )}
    </Stack>
  );
}
