// The top bar of spec §2: logo → /map, tabs, language selector, and the user menu or Login/Register.
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Stack, Tab, Tabs, Toolbar, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/brand/Logo.tsx';
import { LanguageSelector } from '../../features/language/index.ts';
import { useNavState } from '../../features/navigation/index.ts';
import { UserMenu, useCurrentUser, useIsLoggedIn } from '../../features/session/index.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { currentTab, TOP_TABS } from './top-tabs.ts';

export function TopBar({ withNav = true }: { withNav?: boolean }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const loggedIn = useIsLoggedIn();
  const { data: user } = useCurrentUser();
  const { toggleCollapsed, setMobileOpen } = useNavState();

  return (
    <AppBar position="static" color="primary" enableColorOnDark data-testid="top-bar">
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, md: 60 } }}>
        {withNav && loggedIn && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('nav.toggle')}
            data-testid="nav-toggle"
            onClick={() => (wide ? toggleCollapsed() : setMobileOpen(true))}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to="/map"
          data-testid="brand-logo"
          aria-label={t('brand.toMap')}
          sx={{ color: 'inherit', textDecoration: 'none', display: 'flex', mr: 2 }}
        >
          <Logo size={30} onPrimary />
        </Box>
        {loggedIn && wide && (
          <Tabs
            value={currentTab(pathname)}
            textColor="inherit"
            data-testid="top-tabs"
            slotProps={{ indicator: { sx: { bgcolor: 'secondary.light', height: 3 } } }}
            sx={{
              alignSelf: 'stretch',
              '& .MuiTab-root': { minHeight: 60, opacity: 0.85 },
              '& .Mui-selected': { opacity: 1 },
            }}
          >
            {TOP_TABS.map((tab) => (
              <Tab
                key={tab.id}
                value={tab.id}
                label={t(tab.labelKey)}
                component={RouterLink}
                to={tab.to}
                data-testid={`top-tab-${tab.id}`}
              />
            ))}
          </Tabs>
        )}
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <ColorModeToggle />
          <LanguageSelector />
          {loggedIn && user && <UserMenu user={user} />}
          {!loggedIn && (
            <>
              <Button color="inherit" component={RouterLink} to="/user/login" data-testid="top-login">
                {t('auth.login')}
              </Button>
              <Button
                variant="outlined"
                color="inherit"
                component={RouterLink}
                to="/user/register"
                data-testid="top-register"
              >
                {t('auth.register')}
              </Button>
            </>
          )}
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
