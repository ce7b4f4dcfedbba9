// The form's submit button: disabled with a spinner while the request is in flight, so a
// double click cannot send twice.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

interface Props {
  pending: boolean;
  testId: string;
  children: ReactNode;
  disabled?: boolean;
  fullWidth?: boolean;
}

export function SubmitButton({ pending, testId, children, disabled, fullWidth = true }: Props) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth={fullWidth}
      disabled={pending || disabled}
      aria-busy={pending}
      data-testid={testId}
      startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}
