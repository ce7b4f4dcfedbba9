// Back and Next of every wizard step.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useImportWizard } from '../../state.ts';

interface Props {
  canNext: boolean;
  onNext?: () => void;
  nextLabel?: string;
  nextTestId?: string;
  hideBack?: boolean;
}

export function WizardNav({ canNext, onNext, nextLabel, nextTestId = 'import-next', hideBack }: Props) {
  const { t } = useTranslation('data');
  const back = useImportWizard((s) => s.back);
  const next = useImportWizard((s) => s.next);
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
      {!hideBack && (
        <Button onClick={back} data-testid="import-back">
          {t('wizard.back')}
        </Button>
      )}
      <Button variant="contained" disabled={!canNext} onClick={onNext ?? next} data-testid={nextTestId}>
        {nextLabel ?? t('wizard.next')}
      </Button>
    </Stack>
  );
}
