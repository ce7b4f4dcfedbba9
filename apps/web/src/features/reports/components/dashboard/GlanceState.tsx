// What a dashboard card shows instead of its glance: loading, the subscription it needs, results not ready, a
// failure. Short: the page the card links to says it at length.
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function GlanceMessage({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid={testId} sx={{ py: 2 }}>
      {children}
    </Typography>
  );
}

export function GlanceLoading({ height = 220 }: { height?: number }) {
  return <Skeleton variant="rounded" height={height} />;
}
