// What a report page says instead of figures: the subscription it needs (001 §6), that there is no dataset to
// report on, that the dataset's analysis has not completed yet (API 409), or that loading failed.
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Subscription } from '@pipewise/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';

export function NeedsSubscription({ title, needs }: { title: string; needs: readonly Subscription[] }) {
  const { t } = useTranslation('reports');
  const names = needs.map((s) => t(`subscriptions.${s}`)).join(t('states.needs.and'));
  return (
    <div data-testid="report-needs-subscription" data-needs={needs.join(',')}>
      <EmptyState
        title={title}
        description={t('states.needs.description', { names })}
        icon={<LockOutlined />}
      />
    </div>
  );
}

export function NoDataset({ title }: { title: string }) {
  const { t } = useTranslation('reports');
  return (
    <div data-testid="report-no-dataset">
      <EmptyState title={title} description={t('states.noDataset')} icon={<InboxOutlined />}>
        <Button component={RouterLink} to="/data" variant="contained" data-testid="report-go-to-data">
          {t('actions.goToData')}
        </Button>
      </EmptyState>
    </div>
  );
}

/** `status` names where the analysis is (the route composes it from the datasets and analysis features). */
export function NotReady({ title, dataset, status }: { title: string; dataset: string; status?: ReactNode }) {
  const { t } = useTranslation('reports');
  return (
    <div data-testid="report-not-ready">
      <EmptyState
        title={title}
        description={t('states.notReady', { dataset })}
        icon={<HourglassEmptyOutlined />}
      >
        {status}
      </EmptyState>
    </div>
  );
}

export function ReportError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('reports');
  return (
    <Alert
      severity="error"
      data-testid="report-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {t('states.error', { message })}
    </Alert>
  );
}
