// Step 2: send the file (POST /api/imports/uploads) with a progress bar; the server says what it found in it.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadFile } from '../../api/upload-file.ts';
import { useImportWizard } from '../../state.ts';
import { WizardNav } from './WizardNav.tsx';

export function UploadStep() {
  const { t } = useTranslation('data');
  const { file, upload, set } = useImportWizard();
  const [progress, setProgress] = useState(0);
  const mutation = useUploadFile(setProgress);
  const started = useRef(false);

  const start = () => {
    if (!file) return;
    started.current = true;
    setProgress(0);
    mutation.mutate(file, {
      onSuccess: (result) =>
        set({
          upload: result,
          layer: result.layers.length === 1 ? result.layers[0]!.name : null,
          mapping: null,
        }),
    });
  };
  useEffect(() => {
    // Once per visit of the step (StrictMode runs effects twice); a finished upload is not sent again.
    if (!started.current && !upload) start();
  });

  return (
    <Stack spacing={2} data-testid="import-upload-step">
      {mutation.isPending && (
        <>
          <Typography>{t('wizard.upload.sending', { name: file?.name ?? '' })}</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            data-testid="import-upload-progress"
          />
        </>
      )}
      {mutation.isError && (
        <Alert
          severity="error"
          data-testid="import-upload-error"
          action={
            <Button color="inherit" size="small" onClick={start}>
              {t('wizard.retry')}
            </Button>
          }
        >
          {mutation.error.message}
        </Alert>
      )}
      {upload && (
        <Alert severity="success" data-testid="import-upload-done">
          {t('wizard.upload.done', {
            name: upload.fileName,
            format: t(`format.${upload.format}`),
            count: upload.layers.length,
          })}
        </Alert>
      )}
      <WizardNav canNext={upload != null} />
    </Stack>
  );
}
