// A row of labelled figures.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function Figures({ items, testId }: { items: [string, string][]; testId: string }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid={testId}>
      {items.map(([label, value]) => (
        <Paper key={label} variant="outlined" sx={{ px: 2, py: 1, minWidth: 120 }}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6">{value}</Typography>
        </Paper>
      ))}
    </Stack>
  );
}
