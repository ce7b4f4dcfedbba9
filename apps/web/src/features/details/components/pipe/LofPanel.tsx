// LOF panel: per horizon (12/24/36/60 months, CONST-01) the probability of at least one break, the expected
// breaks and the percentile rank (DET-PIPE-07), then the top five risk drivers by name (DET-PIPE-05).
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LOF_MONTHS, type LofMonths } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../../format.ts';
import type { AssetDetails } from '../../types.ts';
import { RiskDrivers } from '../RiskDrivers.tsx';
import { DENSE_CELLS } from '../DetailRow.tsx';

const lofOf = (pipe: AssetDetails, months: LofMonths) => pipe[`lof${months}`];
const expectedOf = (pipe: AssetDetails, months: LofMonths) => pipe[`lofAbsolute${months}`];
const rankOf = (pipe: AssetDetails, months: LofMonths) => pipe[`rank${months}`];
/** Expected breaks within 12 months per km of the pipe (null without a figure or a length). */
const perKm = (pipe: AssetDetails) => {
  const expected = expectedOf(pipe, 12);
  return expected == null || !(pipe.length > 0) ? null : expected / (pipe.length / 1000);
};

interface Props {
  pipe: AssetDetails;
  fmt: Formatters;
  /** Where the dataset's LOF comes from: a prior (no break history, issue 39) is said above the figures. */
  lofSource?: 'utility' | 'prior' | null;
}

export function LofPanel({ pipe, fmt, lofSource }: Props) {
  const { t } = useTranslation('details');
  return (
    <>
      {lofSource === 'prior' && (
        <Typography variant="body2" color="warning.main" sx={{ mb: 1 }} data-testid="lof-prior">
          {t('lof.prior')}
        </Typography>
      )}
      <Table size="small" data-testid="lof-table" sx={{ mb: 1, ...DENSE_CELLS }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('lof.horizon')}</TableCell>
            <TableCell align="right">{t('lof.probability')}</TableCell>
            <TableCell align="right">{t('lof.expectedBreaks')}</TableCell>
            <TableCell align="right">{t('lof.rank')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {LOF_MONTHS.map((months) => (
            <TableRow key={months} data-testid={`lof-row-${months}`}>
              <TableCell>{t('lof.months', { count: months })}</TableCell>
              <TableCell align="right">{fmt.lof(lofOf(pipe, months))}</TableCell>
              <TableCell align="right">{fmt.decimal(expectedOf(pipe, months), 3)}</TableCell>
              <TableCell align="right">{fmt.rank(rankOf(pipe, months))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {/* Issue 38: length is exposure, shown apart from the drivers as breaks per unit of length. */}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="lof-exposure">
        {t('lof.exposure', {
          length: fmt.lengthLarge(pipe.length),
          rate: t('lof.perLength', { value: fmt.breakRate(perKm(pipe)), unit: fmt.largeUnit }),
        })}
      </Typography>
      <RiskDrivers record={pipe} testId="lof-risk-drivers" />
    </>
  );
}
