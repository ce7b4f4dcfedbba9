// Step 7: the validation report (POST …/validate, writes nothing), then the import itself (POST …/commit).
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCommitImport } from '../../api/commit-import.ts';
import { importQueryOptions } from '../../api/get-import.ts';
import { useValidateImport } from '../../api/validate-import.ts';
import { importOptions, importsPipes, useImportWizard } from '../../state.ts';
import { ValidationReportView } from './ValidationReportView.tsx';
import { WizardNav } from './WizardNav.tsx';

export function ReviewStep() {
  const { t } = useTranslation('data');
  const state = useImportWizard();
  const options = importOptions(state);
  const uploadId = state.upload?.id ?? null;
  const report = useValidateImport(uploadId, options);
  const commit = useCommitImport();
  const queryClient = useQueryClient();

  const start = () => {
    if (!uploadId || !options) return;
    commit.mutate(
      { uploadId, options },
      {
        onSuccess: (item) => {
          // The queued item is the first state the progress step shows, before its first poll answers.
          queryClient.setQueryData(importQueryOptions(item.id).queryKey, item);
          state.set({ importId: item.id, step: state.step + 1 });
        },
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="import-review-step">
      {!options && <Alert severity="warning">{t('wizard.review.incomplete')}</Alert>}
      {options && importsPipes(state) && (
        <Typography variant="body2" data-testid="import-review-risk-factors">
          {t('wizard.review.riskFactors', {
            columns: state.lofFeatures.join(', ') || t('wizard.review.riskFactorsNone'),
          })}
        </Typography>
      )}
      {report.isPending && options && <CircularProgress />}
      {report.isError && (
        <Alert severity="error" data-testid="import-validate-error">
          {report.error.message}
        </Alert>
      )}
      {report.data && <ValidationReportView report={report.data} />}
      {options && importsPipes(state) && (report.data?.problems['missing-geometry']?.count ?? 0) > 0 && (
        // Pipes without geometry block the import until the user chooses this (the server re-validates).
        <FormControlLabel
          data-testid="import-geometryless-pipes"
          control={
            <Checkbox
              checked={state.answers.geometrylessPipes === 'attributes-only'}
              onChange={(e) =>
                state.set({
                  answers: {
                    ...state.answers,
                    geometrylessPipes: e.target.checked ? 'attributes-only' : 'block',
                  },
                })
              }
            />
          }
          label={t('wizard.review.geometrylessPipes', {
            count: report.data?.problems['missing-geometry']?.count ?? 0,
          })}
        />
      )}
      {options && (report.data?.problems['unknown-pipe-id']?.count ?? 0) > 0 && (
        // Valves on a pipe the network lacks block the import until the user chooses this (issue 16).
        <FormControlLabel
          data-testid="import-unknown-pipe-ids"
          control={
            <Checkbox
              checked={state.answers.unknownPipeIds === 'unlinked'}
              onChange={(e) =>
                state.set({
                  answers: { ...state.answers, unknownPipeIds: e.target.checked ? 'unlinked' : 'block' },
                })
              }
            />
          }
          label={t('wizard.review.unknownPipeIds', {
            count: report.data?.problems['unknown-pipe-id']?.count ?? 0,
          })}
        />
      )}
      {commit.isError && (
        <Alert severity="error" data-testid="import-commit-error">
          {commit.error.message}
        </Alert>
      )}
      <WizardNav
        canNext={report.data?.canImport === true && !commit.isPending}
        onNext={start}
        nextLabel={t('wizard.review.import')}
        nextTestId="import-commit"
      />
    </Stack>
  );
}
