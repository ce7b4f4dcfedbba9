// A plan beside another plan, or beside the active projects (issue 36): what each costs, how long it is, the breaks
// and the BRE it removes, and the pipes they share, so a planner can say which to take to the council and why.
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComparePlans, type PlanComparisonView } from '../../api/compare-plans.ts';
import { usePlans } from '../../api/get-plans.ts';
import type { PlanView } from '../../api/types.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import { errorText } from '../../lib/error-text.ts';

type Side = PlanComparisonView['sides'][number];

export function PlanCompare({ plan }: { plan: PlanView }) {
  const { t } = useTranslation('planner');
  const { datasetId } = usePlanner();
  const fmt = usePlannerFormat();
  const others = (usePlans(datasetId, 1).data?.items ?? []).filter(
    (p) => p.id !== plan.id && p.state === 'done',
  );
  const [other, setOther] = useState<number | 'portfolio' | ''>('');
  const compared = useComparePlans(plan.id, other === '' ? null : other);
  const rows: [string, (s: Side) => string][] = [
    [t('portfolio.cost'), (s) => fmt.money(s.cost, compared.data?.currency)],
    [t('portfolio.length'), (s) => fmt.lengthLarge(s.lengthM)],
    [t('portfolio.breaks'), (s) => fmt.number(s.expectedBreaksRemoved, 2)],
    [t('portfolio.bre'), (s) => fmt.money(s.breRemoved, compared.data?.currency)],
    [t('portfolio.projects'), (s) => fmt.number(s.projectCount)],
  ];
  return (
    <Stack spacing={1} data-testid="plan-compare">
      <TextField
        select
        size="small"
        label={t('compare.with')}
        value={other}
        onChange={(e) => setOther(e.target.value === 'portfolio' ? 'portfolio' : Number(e.target.value))}
        slotProps={{ htmlInput: { 'data-testid': 'plan-compare-with' } }}
      >
        <MenuItem value="portfolio">{t('compare.activeProjects')}</MenuItem>
        {others.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      {compared.isFetching && <LinearProgress />}
      {compared.isError && <Alert severity="error">{errorText(t, compared.error)}</Alert>}
      {compared.data && (
        <>
          <Table
            size="small"
            sx={{ '& td, & th': { px: 0.75, fontSize: '0.75rem' } }}
            data-testid="plan-compare-table"
          >
            <TableHead>
              <TableRow>
                <TableCell />
                {compared.data.sides.map((s, i) => (
                  <TableCell key={i} align="right">
                    {s.planId === null ? t('compare.activeProjects') : s.name}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell>{label}</TableCell>
                  {compared.data.sides.map((s, i) => (
                    <TableCell key={i} align="right">
                      {value(s)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="caption" color="text.secondary" data-testid="plan-compare-common">
            {t('compare.common', {
              count: compared.data.pipesInCommon,
              length: fmt.lengthLarge(compared.data.lengthInCommonM),
            })}
          </Typography>
        </>
      )}
    </Stack>
  );
}
