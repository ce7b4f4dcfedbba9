// The guest layout of spec §2: brand header, language selector and copyright footer. Once shown it fetches the
// logged-in shell in idle time (lazy-layouts.ts), so signing in does not wait for it.
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { Logo } from '../../components/brand/Logo.tsx';
import { LanguageSelector } from '../../features/language/index.ts';
import { preloadAfterLogin } from '../lazy-layouts.ts';
import { BRAND } from '../theme.ts';

export function GuestLayout() {
  const { t } = useTranslation('shell');
  useEffect(preloadAfterLogin, []);
  return (
    <Box
      data-testid="layout-guest"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        // Soft brand-coloured light in two corners; translucent so it suits both colour schemes.
        backgroundImage: `radial-gradient(1100px 560px at 0% -10%, ${BRAND.deep}26, transparent 60%), radial-gradient(900px 520px at 100% 110%, ${BRAND.teal}26, transparent 60%)`,
      }}
    >
      <Box component="header" sx={{ px: { xs: 2, sm: 4 }, py: 2, display: 'flex', alignItems: 'center' }}>
        <Link
          component={RouterLink}
          to="/user/login"
          underline="none"
          color="text.primary"
          data-testid="guest-brand"
        >
          <Logo size={34} />
        </Link>
        <Box sx={{ flex: 1 }} />
        <LanguageSelector color="primary" />
      </Box>
      <Container
        component="main"
        maxWidth="sm"
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
      >
        <Outlet />
      </Container>
      <Stack component="footer" sx={{ py: 3, alignItems: 'center' }} data-testid="guest-footer">
        <Typography variant="caption" color="text.secondary">
          {t('guest.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Stack>
    </Box>
  );
}
