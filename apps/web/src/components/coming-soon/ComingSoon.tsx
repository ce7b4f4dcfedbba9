// An honest placeholder for screens whose data parts arrive in a later release.
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  description?: string;
  icon?: ReactNode;
  children?: ReactNode;
  /** Show the 'coming in the next release' badge (off for states that are final, like no data). */
  badge?: boolean;
}

export function ComingSoon({ title, description, icon, children, badge = true }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, display: 'flex', justifyContent: 'center' }} data-testid="coming-soon">
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 5 }, maxWidth: 720, width: '100%', textAlign: 'center' }}
      >
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }}>
            {icon ?? <ConstructionOutlined />}
          </Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {badge && <Chip label={t('comingSoon.badge')} color="secondary" variant="outlined" size="small" />}
          <Typography color="text.secondary">{description ?? t('comingSoon.description')}</Typography>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
