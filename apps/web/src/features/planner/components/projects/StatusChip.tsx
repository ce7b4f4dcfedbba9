// A project's status (PLAN-PRJ-06) as a coloured chip.
import type { ProjectState } from '@pipewise/domain';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { stateName } from '../../lib/status-options.ts';

const COLORS: Record<ProjectState, ChipProps['color']> = {
  inProgress: 'primary',
  inspecting: 'info',
  finished: 'success',
  delayed: 'warning',
  closed: 'default',
};

export function StatusChip({ status }: { status: number }) {
  const { t } = useTranslation('planner');
  const state = stateName(status);
  return (
    <Chip
      size="small"
      color={COLORS[state]}
      label={t(`status.${state}`)}
      data-testid="project-status"
      data-status={state}
    />
  );
}
