// Part of step 4 for a pipes layer: which source columns the mapping leaves unused may the likelihood-of-failure
// model use as risk factors (`lof_features`, docs/api-datasets.md). None by default: undated condition or problem
// flags set after breaks would leak the future into the backtest, so the user ticks only stable attributes.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mappedColumns, useImportWizard } from '../../state.ts';

export function RiskFactors({ columns }: { columns: readonly string[] }) {
  const { t } = useTranslation('data');
  const mapping = useImportWizard((s) => s.mapping);
  const chosen = useImportWizard((s) => s.lofFeatures);
  const set = useImportWizard((s) => s.set);
  const used = mappedColumns(mapping);
  const free = columns.filter((c) => !used.has(c));
  const toggle = (column: string) =>
    set({
      lofFeatures: chosen.includes(column) ? chosen.filter((c) => c !== column) : [...chosen, column],
    });
  return (
    <Stack
      component="section"
      spacing={1}
      aria-labelledby="import-risk-factors-title"
      data-testid="import-risk-factors"
    >
      <Typography variant="subtitle1" component="h3" id="import-risk-factors-title">
        {t('wizard.columns.riskFactors.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('wizard.columns.riskFactors.help')}
      </Typography>
      {free.length === 0 ? (
        <Typography variant="body2" data-testid="import-risk-factors-none">
          {t('wizard.columns.riskFactors.none')}
        </Typography>
      ) : (
        <FormGroup row>
          {free.map((column) => (
            <FormControlLabel
              key={column}
              label={column}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.includes(column)}
                  onChange={() => toggle(column)}
                  slotProps={{ input: { 'data-testid': `import-risk-factor-${column}` } as object }}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </Stack>
  );
}
