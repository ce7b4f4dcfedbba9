// PLAN-SCN-09: switching scenario with unsaved filter changes asks Save (into the scenario being left), Discard,
// or stay (Cancel).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { UnsavedChoice } from '../../hooks/use-scenario-switch.ts';

export function UnsavedChangesDialog(props: {
  open: boolean;
  scenarioName: string;
  onChoose: (c: UnsavedChoice) => void;
}) {
  const { t } = useTranslation('planner');
  return (
    <Dialog open={props.open} onClose={() => props.onChoose('cancel')} data-testid="unsaved-dialog">
      <DialogTitle>{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('unsaved.text', { name: props.scenarioName })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => props.onChoose('cancel')}>{t('unsaved.cancel')}</Button>
        <Button color="warning" onClick={() => props.onChoose('discard')} data-testid="unsaved-discard">
          {t('unsaved.discard')}
        </Button>
        <Button variant="contained" onClick={() => props.onChoose('save')} data-testid="unsaved-save">
          {t('unsaved.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
