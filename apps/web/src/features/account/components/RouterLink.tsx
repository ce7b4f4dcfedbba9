// MUI Link rendered as a react-router link, so account links navigate without a page load.
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RrLink } from 'react-router';

interface Props {
  to: string;
  testId: string;
  children: ReactNode;
}

export function RouterLink({ to, testId, children }: Props) {
  return (
    <Link component={RrLink} to={to} underline="hover" data-testid={testId}>
      {children}
    </Link>
  );
}
