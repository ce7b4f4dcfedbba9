// The frame every editable settings block shares: a form with its failure alert, a field grid and
// a Save button that stays disabled until something changed (or for read-only demo accounts).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './SubmitButton.tsx';

interface Props {
  /** Prefix of the test ids: `<testId>-form`, `-error`, `-submit`. */
  testId: string;
  onSubmit: (event: FormEvent) => Promise<void>;
  failure: string | null;
  pending: boolean;
  canSave: boolean;
  children: ReactNode;
}

export function SettingsForm({ testId, onSubmit, failure, pending, canSave, children }: Props) {
  const { t } = useTranslation('account');
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid={`${testId}-form`}>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testId}-error`} role="alert">
          {failure}
        </Alert>
      )}
      <Grid container spacing={2}>
        {children}
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <SubmitButton pending={pending} disabled={!canSave} fullWidth={false} testId={`${testId}-submit`}>
          {t('settings.save')}
        </SubmitButton>
      </Box>
    </Box>
  );
}
