// /user/settings (TBD-02): profile, language & region, notifications, map, and the way to the
// password change. TBD-05: a demo account is read-only, so demo users see everything disabled
// with a note instead of forms that would fail on save.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { grantableScopes } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../session/index.ts';
import { ApiTokensSection } from '../components/ApiTokensSection.tsx';
import { LanguageRegionSection } from '../components/LanguageRegionSection.tsx';
import { MapSection } from '../components/MapSection.tsx';
import { NotificationsSection } from '../components/NotificationsSection.tsx';
import { ProfileSection } from '../components/ProfileSection.tsx';
import { SettingsSection } from '../components/SettingsSection.tsx';
import { TwoFactorSection } from '../components/TwoFactorSection.tsx';
import { errorText } from '../lib/error-text.ts';

export function SettingsPage() {
  const { t } = useTranslation('account');
  const { data: user, error } = useCurrentUser();

  if (!user) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }} data-testid="settings-page">
        {error ? (
          <Alert severity="error">{errorText(t, error)}</Alert>
        ) : (
          <CircularProgress data-testid="settings-loading" />
        )}
      </Box>
    );
  }

  const readOnly = user.isDemo;
  return (
    <Box
      sx={{ maxWidth: 880, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 } }}
      data-testid="settings-page"
    >
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
            {t('settings.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="settings-email">
            {user.email}
          </Typography>
        </Box>
        {readOnly && (
          <Alert severity="info" data-testid="settings-demo-note">
            {t('settings.demoNote')}
          </Alert>
        )}
        {/* Keyed by id so switching user (staff change client, re-login) starts from fresh values. */}
        <ProfileSection key={`p${user.id}`} user={user} readOnly={readOnly} />
        <LanguageRegionSection key={`l${user.id}`} user={user} readOnly={readOnly} />
        <NotificationsSection readOnly={readOnly} />
        <MapSection user={user} readOnly={readOnly} />
        <TwoFactorSection readOnly={readOnly} />
        <SettingsSection
          title={t('settings.security.title')}
          description={t('settings.security.description')}
          testId="settings-security"
        >
          <Button
            component={Link}
            to="/user/changePassword"
            variant="outlined"
            disabled={readOnly}
            data-testid="settings-change-password-link"
          >
            {t('settings.security.changePassword')}
          </Button>
        </SettingsSection>
        {/* Issue 42: tokens for scripts, with the scopes the user's role allows. */}
        <ApiTokensSection grantable={grantableScopes(user)} readOnly={readOnly} />
      </Stack>
    </Box>
  );
}
