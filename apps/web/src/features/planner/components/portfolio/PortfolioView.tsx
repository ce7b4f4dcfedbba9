// The portfolio (issue 36): every project of the dataset on the map at once, coloured by status (the legend here
// names the colours), and two tables a council reads — by the year projects start, against that year's renewal
// budget and what is left of it, and by status. Planners set a year's budget in place.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROJECT_STATES } from '@pipewise/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  usePortfolio,
  useSetAnnualBudget,
  type PortfolioView as Portfolio,
} from '../../api/get-portfolio.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { usePlannerFormat, type PlannerFormat } from '../../hooks/use-planner-format.ts';
import { parseDecimal, isDecimal } from '../../lib/numbers.ts';
import { PORTFOLIO_STATUS_COLORS } from '../../lib/map-colors.ts';
import { errorText } from '../../lib/error-text.ts';

const CELL_SX = { '& td, & th': { px: 0.75, whiteSpace: 'nowrap', fontSize: '0.75rem' } } as const;
type Figures = Portfolio['total'];

/** Count and cost first (what a budget is set against), then what the work removes, then its length. */
function figureCells(f: Figures, fmt: PlannerFormat, currency: Portfolio['currency'], budget?: ReactNode) {
  return (
    <>
      <TableCell align="right">{fmt.number(f.projectCount)}</TableCell>
      <TableCell align="right">{fmt.money(f.cost, currency)}</TableCell>
      {budget}
      <TableCell align="right">{fmt.number(f.expectedBreaksRemoved, 2)}</TableCell>
      <TableCell align="right">{fmt.money(f.breRemoved, currency)}</TableCell>
      <TableCell align="right">{fmt.lengthLarge(f.lengthM)}</TableCell>
    </>
  );
}

function BudgetCell(props: {
  year: number;
  budget: number | null;
  editable: boolean;
  currency: Portfolio['currency'];
}) {
  const { t } = useTranslation('planner');
  const { datasetId } = usePlanner();
  const setBudget = useSetAnnualBudget(datasetId);
  const fmt = usePlannerFormat();
  const [text, setText] = useState(props.budget === null ? '' : String(props.budget));
  if (!props.editable) return <TableCell align="right">{fmt.money(props.budget, props.currency)}</TableCell>;
  const save = () => {
    const amount = text.trim() === '' ? null : isDecimal(text) ? parseDecimal(text) : undefined;
    if (amount === undefined || amount === props.budget || (amount !== null && amount < 0)) return;
    setBudget.mutate({ year: props.year, amount });
  };
  return (
    <TableCell align="right">
      <TextField
        size="small"
        variant="standard"
        value={text}
        placeholder={t('portfolio.noBudget')}
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        // Enter leaves the field, which saves once (on blur).
        onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        error={setBudget.isError}
        slotProps={{
          htmlInput: {
            'data-testid': `portfolio-budget-${props.year}`,
            'aria-label': t('portfolio.budgetOf', { year: props.year }),
            inputMode: 'decimal',
            style: { textAlign: 'right', width: '7em', fontSize: '0.75rem' },
          },
        }}
      />
    </TableCell>
  );
}

function AddYear() {
  const { t } = useTranslation('planner');
  const { datasetId } = usePlanner();
  const setBudget = useSetAnnualBudget(datasetId);
  const [year, setYear] = useState(String(new Date().getFullYear() + 1));
  const [amount, setAmount] = useState('');
  const valid = /^\d{4}$/.test(year) && isDecimal(amount) && parseDecimal(amount) >= 0;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        label={t('portfolio.year')}
        value={year}
        onChange={(e) => setYear(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'portfolio-new-year', inputMode: 'numeric' } }}
        sx={{ width: 90 }}
      />
      <TextField
        size="small"
        label={t('portfolio.budget')}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'portfolio-new-amount', inputMode: 'decimal' } }}
        sx={{ width: 140 }}
      />
      <Button
        size="small"
        disabled={!valid || setBudget.isPending}
        onClick={() => setBudget.mutate({ year: Number(year), amount: parseDecimal(amount) })}
        data-testid="portfolio-add-budget"
      >
        {t('portfolio.setBudget')}
      </Button>
      {setBudget.isError && <Alert severity="error">{errorText(t, setBudget.error)}</Alert>}
    </Stack>
  );
}

export function PortfolioView() {
  const { t } = useTranslation('planner');
  const { datasetId, canPlan } = usePlanner();
  const fmt = usePlannerFormat();
  const query = usePortfolio(datasetId);
  if (query.isPending) return <CircularProgress size={24} />;
  if (query.isError) return <Alert severity="error">{errorText(t, query.error)}</Alert>;
  const p = query.data;
  const head = (k: string) => (
    <TableCell key={k} align="right">
      {t(`portfolio.${k}`)}
    </TableCell>
  );
  const tail = ['breaks', 'bre', 'length'].map(head);
  return (
    <Stack spacing={1} data-testid="portfolio">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="portfolio-legend">
        {PROJECT_STATES.map((state, i) => (
          <Stack key={state} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 4, bgcolor: PORTFOLIO_STATUS_COLORS[i], borderRadius: 1 }} />
            <Typography variant="caption">{t(`status.${state}`)}</Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="subtitle2">{t('portfolio.byYear')}</Typography>
      <TableContainer>
        <Table size="small" sx={CELL_SX} data-testid="portfolio-years">
          <TableHead>
            <TableRow>
              <TableCell>{t('portfolio.year')}</TableCell>
              {['projects', 'cost', 'budget', 'remaining'].map(head)}
              {tail}
            </TableRow>
          </TableHead>
          <TableBody>
            {p.years.map((y) => (
              <TableRow key={y.year} data-testid="portfolio-year" data-year={y.year}>
                <TableCell>{y.year}</TableCell>
                {figureCells(
                  y,
                  fmt,
                  p.currency,
                  <>
                    <BudgetCell
                      key={`${y.year}:${y.budget}`}
                      year={y.year}
                      budget={y.budget}
                      editable={canPlan}
                      currency={p.currency}
                    />
                    <TableCell
                      align="right"
                      sx={{ color: y.remaining !== null && y.remaining < 0 ? 'error.main' : undefined }}
                      data-testid="portfolio-remaining"
                    >
                      {y.remaining === null ? fmt.na : fmt.money(y.remaining, p.currency)}
                    </TableCell>
                  </>,
                )}
              </TableRow>
            ))}
            <TableRow data-testid="portfolio-total">
              <TableCell sx={{ fontWeight: 600 }}>{t('portfolio.total')}</TableCell>
              {figureCells(
                p.total,
                fmt,
                p.currency,
                <>
                  <TableCell />
                  <TableCell />
                </>,
              )}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
      {canPlan && <AddYear />}
      <Typography variant="subtitle2">{t('portfolio.byStatus')}</Typography>
      <TableContainer>
        <Table size="small" sx={CELL_SX} data-testid="portfolio-statuses">
          <TableHead>
            <TableRow>
              <TableCell>{t('portfolio.status')}</TableCell>
              {['projects', 'cost'].map(head)}
              {tail}
            </TableRow>
          </TableHead>
          <TableBody>
            {p.statuses.map((s) => (
              <TableRow key={s.status} data-testid="portfolio-status">
                <TableCell>{t(`status.${PROJECT_STATES[s.status] ?? 'inProgress'}`)}</TableCell>
                {figureCells(s, fmt, p.currency)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {p.total.uncostedPipes > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('portfolio.uncosted', { count: p.total.uncostedPipes })}
        </Typography>
      )}
      {p.otherCurrencyProjects > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('portfolio.otherCurrency', { count: p.otherCurrencyProjects })}
        </Typography>
      )}
    </Stack>
  );
}
