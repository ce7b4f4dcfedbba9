// The drawer's items: plain links, and groups whose sub-items are 40 px high with 8 px gaps
// (SHELL-NAV-06). Collapsed, only icons show (with tooltips); clicking a group expands the drawer.
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { NavItem } from '../nav-items.ts';
import { useNavState } from '../state.ts';
import { NAV_ICONS } from './nav-icons.tsx';

const SUB_ITEM_HEIGHT = 40;
const SUB_ITEM_GAP = 8;
/** Top-level rows keep their height when collapsed to icons, so the rail does not jump. */
const TOP_ITEM_HEIGHT = 44;

interface Props {
  items: NavItem[];
  activeId: string | null;
  collapsed: boolean;
  onNavigate?: () => void;
}

function ItemIcon({ item }: { item: NavItem }) {
  const Icon = NAV_ICONS[item.icon];
  return (
    <ListItemIcon sx={{ minWidth: 40 }}>
      <Icon fontSize="small" />
    </ListItemIcon>
  );
}

export function NavList({ items, activeId, collapsed, onNavigate }: Props) {
  const { t } = useTranslation('shell');
  const { openGroup, toggleGroup, toggleCollapsed, setOpenGroup } = useNavState();

  const link = (item: NavItem, sub: boolean) => (
    <Tooltip key={item.id} title={collapsed ? t(item.labelKey) : ''} placement="right">
      <ListItemButton
        component={RouterLink}
        to={item.to ?? '/'}
        selected={item.id === activeId}
        onClick={onNavigate}
        data-testid={`nav-item-${item.id}`}
        sx={{
          borderRadius: 2,
          mx: 1,
          minHeight: TOP_ITEM_HEIGHT,
          ...(sub && { height: SUB_ITEM_HEIGHT, minHeight: SUB_ITEM_HEIGHT, pl: collapsed ? 2 : 3 }),
        }}
      >
        <ItemIcon item={item} />
        {!collapsed && <ListItemText primary={t(item.labelKey)} slotProps={{ primary: { noWrap: true } }} />}
      </ListItemButton>
    </Tooltip>
  );

  return (
    <List component="nav" aria-label={t('nav.label')} sx={{ py: 1 }}>
      {items.map((item) => {
        if (!item.children) return link(item, false);
        const open = openGroup === item.id && !collapsed;
        const containsActive = item.children.some((c) => c.id === activeId);
        return (
          <div key={item.id}>
            <Tooltip title={collapsed ? t(item.labelKey) : ''} placement="right">
              <ListItemButton
                data-testid={`nav-group-${item.id}`}
                aria-expanded={open}
                selected={collapsed && containsActive}
                onClick={() => {
                  if (!collapsed) return toggleGroup(item.id);
                  toggleCollapsed();
                  setOpenGroup(item.id);
                }}
                sx={{ borderRadius: 2, mx: 1, minHeight: TOP_ITEM_HEIGHT }}
              >
                <ItemIcon item={item} />
                {!collapsed && <ListItemText primary={t(item.labelKey)} />}
                {!collapsed && (open ? <ExpandLess /> : <ExpandMore />)}
              </ListItemButton>
            </Tooltip>
            <Collapse in={open} timeout="auto" unmountOnExit>
              <List
                disablePadding
                data-testid={`nav-group-${item.id}-items`}
                sx={{ display: 'flex', flexDirection: 'column', gap: `${SUB_ITEM_GAP}px`, py: 1 }}
              >
                {item.children.map((child) => link(child, true))}
              </List>
            </Collapse>
          </div>
        );
      })}
    </List>
  );
}
