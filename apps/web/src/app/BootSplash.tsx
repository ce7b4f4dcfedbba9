// Shown while the first route's guards run (session check, data check).
import { Box, CircularProgress } from '@mui/material';
import { LogoMark } from '../components/brand/Logo.tsx';

export function BootSplash() {
  return (
    <Box sx={{ height: '100dvh', display: 'grid', placeItems: 'center' }} data-testid="boot-splash">
      <Box sx={{ display: 'grid', placeItems: 'center', gap: 2 }}>
        <LogoMark size={48} />
        <CircularProgress size={24} />
      </Box>
    </Box>
  );
}
