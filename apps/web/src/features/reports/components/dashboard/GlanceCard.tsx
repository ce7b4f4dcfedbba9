// A card of the home dashboard: a title linking to the page with the whole story, and a glance at it.
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface Props {
  title: string;
  /** The page the card summarises. */
  to: string;
  /** The link's text, e.g. 'Open the asset report'. */
  linkText: string;
  testId: string;
  children: ReactNode;
}

export function GlanceCard({ title, to, linkText, testId, children }: Props) {
  const headingId = `${testId}-title`;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" id={headingId} sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Link
            component={RouterLink}
            to={to}
            variant="body2"
            data-testid={`${testId}-link`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
          >
            {linkText}
            <ArrowForwardRounded fontSize="inherit" />
          </Link>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
