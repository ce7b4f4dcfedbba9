import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A label and its value on one line, the value right-aligned. */
export function DetailRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="span" sx={{ textAlign: 'right' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** Tables in the 25em pane: narrower cell padding so four columns fit. */
export const DENSE_CELLS = { '& .MuiTableCell-root': { px: 1 } } as const;
