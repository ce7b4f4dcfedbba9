// The colour square of a tier, as in the legend.
import Box from '@mui/material/Box';

export function TierSwatch({ color }: { color: string }) {
  return (
    <Box
      component="span"
      data-color={color}
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 12,
        height: 12,
        mr: 1,
        verticalAlign: 'middle',
        bgcolor: color,
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}
