// Says plainly, where the risk would be, that the likelihood of failure needs break history (issue 15: a network
// imported without breaks showed grey pipes under a coloured legend and a 'No BRE assessment found' toast). Shown
// on the map (dismissible) and in the model card; administrators get the way to import breaks.
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { can } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../session/index.ts';

interface Props {
  reason: string;
  testId?: string;
  /** Shows a close button (the map lets the user dismiss it). */
  onClose?: () => void;
}

export function NoLofNotice({ reason, testId = 'no-lof-notice', onClose }: Props) {
  const { t } = useTranslation(['analysis', 'common']);
  const { data: user } = useCurrentUser();
  const canImport = user != null && can(user, 'importData');
  return (
    <Alert
      severity="info"
      data-testid={testId}
      action={
        canImport || onClose ? (
          <>
            {canImport && (
              <Button
                component={RouterLink}
                to="/data/import"
                color="inherit"
                size="small"
                data-testid="no-lof-import"
              >
                {t('noLof.importBreaks')}
              </Button>
            )}
            {onClose && (
              <IconButton
                size="small"
                color="inherit"
                aria-label={t('common:actions.close')}
                onClick={onClose}
                data-testid="no-lof-close"
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </>
        ) : undefined
      }
    >
      {t('noLof.text', { reason })}
    </Alert>
  );
}
