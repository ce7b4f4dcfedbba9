// The card every guest account screen sits in; the guest layout around it (logo, language
// choice) belongs to the shell.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  subtitle?: string;
  testId: string;
  children: ReactNode;
}

export function AuthCard({ title, subtitle, testId, children }: Props) {
  return (
    <Card
      variant="outlined"
      sx={{ width: '100%', maxWidth: 440, mx: 'auto', my: { xs: 2, sm: 6 } }}
      data-testid={testId}
    >
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack spacing={1} sx={{ mb: 3 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
