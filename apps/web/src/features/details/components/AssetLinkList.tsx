// A list of pipes or valves (map id and native id). Lists in the pane are at most 200 px high (DET-PIPE-09).
import { List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AssetLink } from '../types.ts';

export const DETAILS_LIST_MAX_HEIGHT_PX = 200;

interface Props {
  items: readonly AssetLink[];
  testId: string;
  /** Numbered entries (the VIS pipe list, DET-VIS-02). */
  numbered?: boolean;
  onSelect?: (id: number) => void;
}

export function AssetLinkList({ items, testId, numbered = false, onSelect }: Props) {
  const { t } = useTranslation('details');
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
        {t('common.none')}
      </Typography>
    );
  }
  return (
    <List
      dense
      disablePadding
      data-testid={testId}
      sx={{ maxHeight: DETAILS_LIST_MAX_HEIGHT_PX, overflowY: 'auto' }}
    >
      {items.map((item, index) => {
        const primary = numbered ? `${index + 1}. ${item.nativeId}` : item.nativeId;
        const secondary = t('common.mapId', { id: item.id });
        return (
          <ListItem key={item.id} disablePadding>
            {onSelect ? (
              <ListItemButton onClick={() => onSelect(item.id)} data-testid={`${testId}-item`}>
                <ListItemText primary={primary} secondary={secondary} />
              </ListItemButton>
            ) : (
              <ListItemText
                sx={{ px: 2 }}
                primary={primary}
                secondary={secondary}
                data-testid={`${testId}-item`}
              />
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
