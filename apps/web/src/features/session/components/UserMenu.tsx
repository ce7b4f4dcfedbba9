// The user menu of the top bar (SHELL-TOP-03…05): full name, e-mail, initials avatar, Settings, Logout.
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CurrentUser } from '../api/get-user-info.ts';
import { initials } from '../initials.ts';
import { logout } from '../logout.ts';

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={user.fullName}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="user-menu"
          aria-label={t('userMenu.open')}
          aria-haspopup="menu"
          aria-expanded={anchor != null}
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'secondary.main', color: '#fff' }}>
            {initials(user.fullName, user.email)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor != null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="user-menu-name">
            {user.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="user-menu-email">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to="/user/settings" onClick={close} data-testid="user-menu-settings">
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          {t('userMenu.settings')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/user/feedback" onClick={close} data-testid="user-menu-feedback">
          <ListItemIcon>
            <FeedbackOutlined fontSize="small" />
          </ListItemIcon>
          {t('userMenu.feedback')}
        </MenuItem>
        <MenuItem
          data-testid="user-menu-logout"
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutRounded fontSize="small" />
          </ListItemIcon>
          {t('userMenu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
