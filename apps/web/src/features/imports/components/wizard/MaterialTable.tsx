// Distinct material values with their counts and the code chosen for each; unmapped rows stand out, and a cohort
// code names the suffix it keeps.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MATERIAL, MATERIAL_SHORT_LABELS } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { materialName } from '../../../../lib/materials.ts';
import type { MaterialValue } from '../../api/get-material-values.ts';
import { NativeSelect } from './NativeSelect.tsx';

const CODES = Object.values(MATERIAL).sort((a, b) => a - b);

interface Props {
  values: MaterialValue[];
  chosen: Record<string, number>;
  onChoose: (value: string, code: number | null) => void;
}

export function MaterialTable({ values, chosen, onChoose }: Props) {
  const { t } = useTranslation('data');
  const options = [
    { value: '', label: t('wizard.materials.choose') },
    ...CODES.map((code) => ({
      value: String(code),
      label: `${MATERIAL_SHORT_LABELS[code]} – ${materialName(t, code)}`,
    })),
  ];
  return (
    <Table size="small" data-testid="import-materials">
      <TableHead>
        <TableRow>
          <TableCell>{t('wizard.materials.value')}</TableCell>
          <TableCell align="right">{t('wizard.materials.count')}</TableCell>
          <TableCell sx={{ minWidth: 240 }}>{t('wizard.materials.code')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {values.map((v, i) => {
          const code = chosen[v.value];
          return (
            <TableRow
              key={v.value}
              data-testid={`import-material-row-${i}`}
              data-unmapped={code === undefined}
              sx={code === undefined ? { bgcolor: 'warning.light' } : undefined}
            >
              <TableCell>
                {v.value || t('wizard.materials.empty')}
                {v.cohort != null && (
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    sx={{ ml: 1 }}
                    data-testid={`import-material-cohort-${i}`}
                  >
                    {t('wizard.materials.cohortSuffix', { cohort: v.cohort })}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{v.count}</TableCell>
              <TableCell>
                <NativeSelect
                  size="small"
                  label={t('wizard.materials.code')}
                  value={code === undefined ? '' : String(code)}
                  onChange={(next) => onChoose(v.value, next === '' ? null : Number(next))}
                  options={options}
                  testId={`import-material-${i}`}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
