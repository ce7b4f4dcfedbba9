// Light/dark switch for the whole UI (MUI colour schemes; remembered in localStorage by MUI).
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useColorScheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export function ColorModeToggle() {
  const { t } = useTranslation('shell');
  const { mode, systemMode, setMode } = useColorScheme();
  const current = mode === 'system' ? systemMode : mode;
  const dark = current === 'dark';
  const label = dark ? t('theme.light') : t('theme.dark');
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        onClick={() => setMode(dark ? 'light' : 'dark')}
        aria-label={label}
        data-testid="color-mode-toggle"
      >
        {dark ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
