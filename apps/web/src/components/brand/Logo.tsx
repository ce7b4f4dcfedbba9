// The Pipewise mark and wordmark. The mark is a pipe run with a joint, in the brand colours.
import { Box, Typography } from '@mui/material';

/** `onPrimary` inverts the mark for a brand-coloured background (the top bar). */
export function LogoMark({ size = 28, onPrimary = false }: { size?: number; onPrimary?: boolean }) {
  return (
    <Box component="svg" viewBox="0 0 32 32" sx={{ width: size, height: size, flexShrink: 0 }} aria-hidden>
      <rect width="32" height="32" rx="7" fill={onPrimary ? '#ffffff' : '#0b5f8a'} />
      <path
        d="M6 20h7a3 3 0 0 0 3-3v-2a3 3 0 0 1 3-3h7"
        fill="none"
        stroke={onPrimary ? '#0b5f8a' : '#fff'}
        strokeWidth="3.2"
        strokeLinecap="round"
      />
      <circle cx="16" cy="25" r="2.2" fill="#5fd0c4" />
    </Box>
  );
}

interface LogoProps {
  size?: number;
  color?: string;
  onPrimary?: boolean;
}

export function Logo({ size = 28, color = 'inherit', onPrimary = false }: LogoProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark size={size} onPrimary={onPrimary} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.7, letterSpacing: 0.2, color }}>
        Pipewise
      </Typography>
    </Box>
  );
}
