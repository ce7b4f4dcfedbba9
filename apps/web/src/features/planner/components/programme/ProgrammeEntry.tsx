// The planner panel's way to the renewal programme (issue 39), and while a programme's year is on the map, what
// the halo marks: that year's renewals, with the way back to the programme and a way to stop showing them.
import CloseIcon from '@mui/icons-material/Close';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useProgrammeRenewals } from '../../api/programmes.ts';
import { usePlannerStore } from '../../state.ts';

export const PROGRAMME_PATH = '/planner/programme';

export function ProgrammeEntry() {
  const { t } = useTranslation('planner');
  const shown = usePlannerStore((s) => s.programmeYear);
  const clear = usePlannerStore((s) => s.showProgrammeYear);
  const renewals = useProgrammeRenewals(shown);
  const count = renewals.data?.pipes.length;
  return (
    <Stack spacing={1}>
      <Button
        component={RouterLink}
        to={shown ? `${PROGRAMME_PATH}?id=${shown.programmeId}` : PROGRAMME_PATH}
        variant="outlined"
        startIcon={<TimelineOutlined />}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="planner-programme"
      >
        {t('programme.open')}
      </Button>
      {shown && (
        <Alert
          severity="info"
          data-testid="programme-year-shown"
          action={
            <IconButton
              size="small"
              aria-label={t('programme.map.clear')}
              onClick={() => clear(null)}
              data-testid="programme-year-clear"
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          }
        >
          {count === undefined
            ? t('programme.map.loading', { name: shown.label, year: shown.year })
            : t('programme.map.shown', { name: shown.label, year: shown.year, count })}
        </Alert>
      )}
    </Stack>
  );
}
