// Label/value rows (a project's facts or totals).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Pairs } from '../../lib/project-report.ts';

export function PairList({ pairs, testId }: { pairs: Pairs; testId: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {pairs.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere' }}
            data-label={label}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
