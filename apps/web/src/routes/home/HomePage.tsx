// /home: the dashboard. Welcome with the user's and client's names and the plan tier; then the current dataset at
// a glance (network, LOF, the riskiest pipes, the model's backtest, the analysis status), each card linking to its
// page; quick links; and an honest empty state while the client has no dataset.
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { PLAN_TIER, hasSubscription } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentClient } from '../../features/client/index.ts';
import { useCurrentSnapshot, useSnapshotGroups } from '../../features/datasets/index.ts';
import { DatasetGlance } from '../../features/reports/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';
import { AnalysisStatusCard } from './AnalysisStatusCard.tsx';
import { DashboardCard } from './DashboardCard.tsx';
import { ModelBacktestCard } from './ModelBacktestCard.tsx';

const TIER_KEY: Record<number, string> = {
  [PLAN_TIER.UNPAID]: 'home.tier.unpaid',
  [PLAN_TIER.PAID_BASE]: 'home.tier.base',
  [PLAN_TIER.PAID_PRO]: 'home.tier.pro',
};

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
};

export function HomePage() {
  const { t } = useTranslation('shell');
  const { data: user } = useCurrentUser();
  const { data: client } = useCurrentClient(user != null);
  const { data: groups, isPending: groupsPending } = useSnapshotGroups();
  const noData = !groupsPending && (groups?.length ?? 0) === 0;
  const { data: snapshot } = useCurrentSnapshot(user != null && !noData);
  const dataset = noData ? null : (snapshot?.dataset ?? null);
  const hasLof =
    user != null && hasSubscription({ subscriptions: user.subscriptions, clientId: user.client.id }, 'LOF');

  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1400, mx: 'auto' }} data-testid="dashboard">
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" data-testid="dashboard-welcome">
          {user ? t('home.welcome', { name: user.fullName }) : <Skeleton width={320} />}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography color="text.secondary" data-testid="dashboard-client">
            {user?.client.name ?? client?.name}
          </Typography>
          {client && (
            <Chip
              size="small"
              color={client.planTier === PLAN_TIER.PAID_PRO ? 'secondary' : 'default'}
              label={t(TIER_KEY[client.planTier] ?? 'home.tier.unpaid')}
              data-testid="dashboard-plan-tier"
            />
          )}
        </Stack>
      </Stack>

      {noData && (
        <Alert
          severity="info"
          icon={<InboxOutlined />}
          data-testid="dashboard-empty"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to="/data" color="inherit" size="small">
              {t('home.empty.action')}
            </Button>
          }
        >
          <strong>{t('home.empty.title')}</strong> — {t('home.empty.description')}
        </Alert>
      )}

      {user && dataset && (
        <Box sx={{ mb: 3 }} data-testid="dashboard-glance">
          <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="dashboard-dataset">
            {t('home.glance.dataset', { name: dataset.name })}
          </Typography>
          <Box sx={GRID}>
            <DatasetGlance user={user} datasetId={dataset.id} />
            <ModelBacktestCard datasetId={dataset.id} hasLof={hasLof} />
            <AnalysisStatusCard dataset={dataset} timeZone={user.timeZone} />
          </Box>
        </Box>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <DashboardCard
          to="/map"
          icon={<MapOutlined />}
          title={t('home.cards.map.title')}
          description={t('home.cards.map.description')}
          testId="dashboard-card-map"
        />
        <DashboardCard
          to="/reports/asset"
          icon={<AssessmentOutlined />}
          title={t('home.cards.reports.title')}
          description={t('home.cards.reports.description')}
          testId="dashboard-card-reports"
        />
        <DashboardCard
          to="/data"
          icon={<StorageOutlined />}
          title={t('home.cards.data.title')}
          description={t('home.cards.data.description')}
          testId="dashboard-card-data"
        />
      </Box>
    </Box>
  );
}
