// Issue 36: a pipe is in one active project at a time. When saving would book one twice (409 PIPE_BOOKED), this
// names the pipes and the projects that hold them, and offers what the user can do: save without them (a drawn
// project or picked pipes), or, for a plan's proposal booked since, generate the plan again.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApiBookedPipe } from '../../../../lib/api-client.ts';

const LISTED = 5;

export function BookedPipesAlert(props: {
  booked: readonly ApiBookedPipe[];
  /** Save again without them; absent for a proposal, which is re-planned instead. */
  onLeaveOut?: () => void;
  busy?: boolean;
  /** What to do instead, when neither leaving them out nor re-planning fits (a programme's first year). */
  hint?: string;
}) {
  const { t } = useTranslation('planner');
  const { booked, onLeaveOut } = props;
  if (booked.length === 0) {
    return (
      <Alert severity="warning" data-testid="booked-pipes">
        {t('booked.raced')}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      data-testid="booked-pipes"
      action={
        onLeaveOut && (
          <Button
            color="inherit"
            size="small"
            disabled={props.busy}
            onClick={onLeaveOut}
            data-testid="booked-leave-out"
          >
            {t('booked.leaveOut')}
          </Button>
        )
      }
    >
      <AlertTitle>{t('booked.title', { count: booked.length })}</AlertTitle>
      {booked.slice(0, LISTED).map((b) => (
        <Typography key={b.pipeId} variant="body2" data-testid="booked-pipe">
          {t('booked.line', { pipe: b.nativePipeId, project: b.projectName })}
        </Typography>
      ))}
      {booked.length > LISTED && (
        <Typography variant="body2">{t('booked.more', { count: booked.length - LISTED })}</Typography>
      )}
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        {props.hint ?? (onLeaveOut ? t('booked.leaveOutHint') : t('booked.proposalHint'))}
      </Typography>
    </Alert>
  );
}
