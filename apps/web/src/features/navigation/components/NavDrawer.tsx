// The left navigation drawer (SHELL-NAV-01…06). Permanent and collapsible to icons on wide screens,
// a temporary overlay on phones. `items` is null until the user has loaded; if that takes longer
// than NAV_REFRESH_HINT_MS a Refresh button appears (SHELL-NAV-05).
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { NAV_REFRESH_HINT_MS } from '@pipewise/domain';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { activeItemId, groupOf } from '../nav-items.ts';
import type { NavItem } from '../nav-items.ts';
import { useNavState } from '../state.ts';
import { NavList } from './NavList.tsx';

export const NAV_WIDTH = 248;
export const NAV_WIDTH_COLLAPSED = 64;

function useRefreshHint(loaded: boolean): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (loaded) return;
    const id = window.setTimeout(() => setLate(true), NAV_REFRESH_HINT_MS);
    return () => {
      window.clearTimeout(id);
      setLate(false);
    };
  }, [loaded]);
  return late && !loaded;
}

export interface NavDrawerProps {
  items: NavItem[] | null;
  onRefresh: () => void;
  /** Page-specific actions under the items (spec 000 §2: on map pages the filters toggle and Export assets). */
  footer?: (collapsed: boolean) => ReactNode;
}

export function NavDrawer({ items, onRefresh, footer }: NavDrawerProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const {
    collapsed: collapsedPref,
    folded,
    toggleCollapsed,
    mobileOpen,
    setMobileOpen,
    setOpenGroup,
  } = useNavState();
  const collapsed = wide && (collapsedPref || folded);
  const activeId = useMemo(() => (items ? activeItemId(items, pathname) : null), [items, pathname]);
  const showRefresh = useRefreshHint(items != null);

  // Selection follows the route: open the group that holds the current page.
  const activeGroup = items ? groupOf(items, activeId) : null;
  useEffect(() => {
    if (activeGroup) setOpenGroup(activeGroup);
  }, [activeGroup, setOpenGroup]);

  const width = collapsed ? NAV_WIDTH_COLLAPSED : NAV_WIDTH;
  const content = (
    <Stack
      sx={{ height: '100%', width, overflowX: 'hidden' }}
      data-testid="nav-drawer"
      data-collapsed={collapsed}
    >
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {items ? (
          <NavList
            items={items}
            activeId={activeId}
            collapsed={collapsed}
            onNavigate={() => setMobileOpen(false)}
          />
        ) : (
          <Stack spacing={1} sx={{ p: 2 }} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={36} />
            ))}
            {showRefresh && (
              <Button
                startIcon={<RefreshIcon />}
                onClick={onRefresh}
                data-testid="nav-refresh"
                variant="outlined"
              >
                {!collapsed && t('nav.refresh')}
              </Button>
            )}
          </Stack>
        )}
      </Box>
      {footer && (
        <>
          <Divider />
          <Box data-testid="nav-footer">{footer(collapsed)}</Box>
        </>
      )}
      {wide && (
        <>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: collapsed ? 'center' : 'flex-end', p: 1 }}>
            <Tooltip title={collapsed ? t('nav.expand') : t('nav.collapse')} placement="right">
              <IconButton
                onClick={toggleCollapsed}
                data-testid="nav-collapse"
                aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
              >
                {collapsed ? <ChevronRight /> : <ChevronLeft />}
              </IconButton>
            </Tooltip>
          </Box>
        </>
      )}
    </Stack>
  );

  if (!wide) {
    return (
      <Drawer open={mobileOpen} onClose={() => setMobileOpen(false)} ModalProps={{ keepMounted: true }}>
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          position: 'relative',
          width,
          overflowX: 'hidden',
          borderRight: 1,
          borderColor: 'divider',
        },
      }}
    >
      {content}
    </Drawer>
  );
}
