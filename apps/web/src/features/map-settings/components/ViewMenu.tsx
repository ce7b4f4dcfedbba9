// The view menu of spec 000 §2: the LOF group (rank, highest, lof), the population group (population,
// population change), then the other views; 4.5em minimised (icons with tooltips), 15em full (MAP-SCR-02).
// Only the views the screen passes are listed: visibility (spec §4) is decided by the domain's isViewVisible.
import MenuOpen from '@mui/icons-material/MenuOpen';
import MenuIcon from '@mui/icons-material/Menu';
import {
  Box,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
} from '@mui/material';
import type { ViewDefinition, ViewKey } from '@pipewise/domain';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEW_ICONS } from './view-icons.tsx';

export const VIEW_MENU_WIDTH = { minimised: '4.5em', full: '15em' } as const;

type Group = 'lof' | 'population' | null;
const GROUP_ORDER: Group[] = ['lof', 'population', null];

export interface ViewMenuProps {
  views: readonly ViewDefinition[];
  active: ViewKey;
  open: boolean;
  onToggle: () => void;
  onSelect: (view: ViewDefinition) => void;
}

export function ViewMenu({ views, active, open, onToggle, onSelect }: ViewMenuProps) {
  const { t } = useTranslation(['mapui', 'views']);
  const groups = GROUP_ORDER.map((group) => ({
    group,
    views: views.filter((v) => v.menuGroup === group),
  })).filter((g) => g.views.length > 0);
  return (
    <Box
      component="nav"
      aria-label={t('viewMenu.label')}
      data-testid="view-menu"
      data-open={open}
      sx={{
        width: open ? VIEW_MENU_WIDTH.full : VIEW_MENU_WIDTH.minimised,
        flexShrink: 0,
        height: '100%',
        overflowY: 'auto',
        overflowX: 'hidden',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        transition: (theme) => theme.transitions.create('width'),
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: open ? 'flex-end' : 'center', p: 0.5 }}>
        <Tooltip title={open ? t('viewMenu.minimise') : t('viewMenu.expand')} placement="right">
          <IconButton onClick={onToggle} data-testid="view-menu-toggle" aria-label={t('viewMenu.toggle')}>
            {open ? <MenuOpen /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
      </Box>
      {groups.map(({ group, views: members }, index) => (
        <Fragment key={group ?? 'other'}>
          {index > 0 && <Divider />}
          <List
            dense
            disablePadding
            subheader={
              group && open ? (
                <ListSubheader disableSticky sx={{ lineHeight: '32px' }}>
                  {t(`viewMenu.groups.${group}`)}
                </ListSubheader>
              ) : undefined
            }
          >
            {members.map((view) => {
              const title = t(`views:${view.titleKey}`);
              return (
                <Tooltip key={view.key} title={open ? '' : title} placement="right">
                  <ListItemButton
                    selected={view.key === active}
                    onClick={() => onSelect(view)}
                    data-testid={`view-${view.alias}`}
                    aria-current={view.key === active ? 'page' : undefined}
                    sx={{ minHeight: 40, px: open ? 2 : 0, justifyContent: open ? 'initial' : 'center' }}
                  >
                    <ListItemIcon sx={{ minWidth: 0, mr: open ? 1.5 : 0, justifyContent: 'center' }}>
                      {VIEW_ICONS[view.key]}
                    </ListItemIcon>
                    {/* A long name wraps instead of ending in '…' (the open menu has no tooltip to finish it):
                        'Variazione della popolazione', 'Estado del año de instalación'. */}
                    {open && (
                      <ListItemText
                        primary={title}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere', hyphens: 'auto' } } }}
                      />
                    )}
                  </ListItemButton>
                </Tooltip>
              );
            })}
          </List>
        </Fragment>
      ))}
    </Box>
  );
}
