// A page that has nothing to show yet says so, and why, in one centred card: no dataset, an analysis still running,
// a subscription the report needs. The children offer the way out (import, go to the data page).
import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  description: string;
  icon: ReactNode;
  children?: ReactNode;
}

export function EmptyState({ title, description, icon, children }: Props) {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, display: 'flex', justifyContent: 'center' }} data-testid="empty-state">
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 5 }, maxWidth: 720, width: '100%', textAlign: 'center' }}
      >
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }}>{icon}</Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">{description}</Typography>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
