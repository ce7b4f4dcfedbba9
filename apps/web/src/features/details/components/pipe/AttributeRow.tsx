// One attribute of the Attributes panel with its data origin and the AI edit icon. The icon shows only for a
// value that is not provided and only with the VP subscription (PIPE-EDIT-09, -10); it is red when the value
// is overridden and blue otherwise (PIPE-EDIT-11).
import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { DATA_ORIGIN } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';

type StatusKey = 'provided' | 'imputed' | 'overridden' | 'unknown';

const STATUS_KEY: Record<number, StatusKey> = {
  [DATA_ORIGIN.PROVIDED]: 'provided',
  [DATA_ORIGIN.IMPUTED]: 'imputed',
  [DATA_ORIGIN.OVERRIDDEN]: 'overridden',
};

interface Props {
  id: string;
  label: string;
  value: string;
  status: number;
  /**
   * No value: missing in the file and not estimated, because too few pipes carry the attribute (issue 15). Shown
   * as Unknown, not Provided, and open to a correction like an imputed value.
   */
  missing: boolean;
  /** The user holds VP. */
  hasVp: boolean;
  /** The user may edit pipes (worker, admin; not demo). */
  canEdit: boolean;
  onEdit: () => void;
}

export function AttributeRow({ id, label, value, status, missing, hasVp, canEdit, onEdit }: Props) {
  const { t } = useTranslation('details');
  const statusKey: StatusKey = missing ? 'unknown' : (STATUS_KEY[status] ?? 'imputed');
  const showIcon = hasVp && (status !== DATA_ORIGIN.PROVIDED || missing);
  const overridden = status === DATA_ORIGIN.OVERRIDDEN;
  const tooltip = canEdit ? t('attributes.edit', { attribute: label }) : t('attributes.readOnly');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }} data-testid={`attribute-${id}`}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: '0 0 35%' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ flexGrow: 1 }} data-testid={`attribute-${id}-value`}>
        {value}
      </Typography>
      <Chip
        size="small"
        variant="outlined"
        label={t(`attributes.status.${statusKey}`)}
        color={
          overridden
            ? 'error'
            : statusKey === 'imputed'
              ? 'info'
              : statusKey === 'unknown'
                ? 'warning'
                : 'default'
        }
        data-testid={`attribute-${id}-status`}
      />
      {showIcon &&
        (canEdit ? (
          <Tooltip title={tooltip}>
            <IconButton
              size="small"
              color={overridden ? 'error' : 'info'}
              aria-label={tooltip}
              onClick={onEdit}
              data-testid={`attribute-${id}-edit`}
              data-state={statusKey}
            >
              <AutoFixHigh fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          // A user who may not edit still sees the icon and its colour (PIPE-EDIT-11), as a marker, not a button.
          <Tooltip title={tooltip}>
            <AutoFixHigh
              fontSize="small"
              color={overridden ? 'error' : 'info'}
              aria-label={tooltip}
              data-testid={`attribute-${id}-edit`}
              data-state={statusKey}
              sx={{ mx: 0.625 }}
            />
          </Tooltip>
        ))}
    </Box>
  );
}
