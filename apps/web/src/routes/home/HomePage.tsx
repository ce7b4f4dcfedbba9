// /home: the dashboard. Welcome with the user's and client's names, the plan tier, quick links, and
// an honest empty state while the client has no dataset.
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { PLAN_TIER } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentClient } from '../../features/client/index.ts';
import { useSnapshotGroups } from '../../features/datasets/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';
import { DashboardCard } from './DashboardCard.tsx';

const TIER_KEY: Record<number, string> = {
  [PLAN_TIER.UNPAID]: 'home.tier.unpaid',
  [PLAN_TIER.PAID_BASE]: 'home.tier.base',
  [PLAN_TIER.PAID_PRO]: 'home.tier.pro',
};

export function HomePage() {
  const { t } = useTranslation('shell');
  const { data: user } = useCurrentUser();
  const { data: client } = useCurrentClient(user != null);
  const { data: groups, isPending: groupsPending } = useSnapshotGroups();
  const noData = !groupsPending && (groups?.length ?? 0) === 0;

  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1200, mx: 'auto' }} data-testid="dashboard">
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
