// Population panel: projected population by year and its rate of change, rounded to a whole percent, with
// '...' for the comparison year (spec 000 §5, DET-PIPE-08).
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { basePopulationYear, formatPopulation } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../../format.ts';
import type { Viewer } from '../../hooks/use-viewer.ts';
import type { AssetDetails } from '../../types.ts';
import { DENSE_CELLS } from '../DetailRow.tsx';

/** Years present in either map, ascending. */
export function populationYears(projected: NonNullable<AssetDetails['projectedPopulation']>): string[] {
  return [...new Set([...Object.keys(projected.population), ...Object.keys(projected.rateOfChange)])].sort(
    (a, b) => Number(a) - Number(b),
  );
}

/**
 * The comparison year, whose change is shown as '...': the country's base year (JP 2025, US 2030; domain
 * basePopulationYear), or the first year when the data has no base year (the change is measured from it).
 */
export function comparisonYear(years: readonly string[], country: string): string | undefined {
  const base = String(basePopulationYear(country));
  return years.includes(base) ? base : years[0];
}

interface Props {
  pipe: AssetDetails;
  fmt: Formatters;
  viewer: Viewer;
}

export function PopulationPanel({ pipe, fmt, viewer }: Props) {
  const { t } = useTranslation('details');
  const projected = pipe.projectedPopulation;
  const years = projected ? populationYears(projected) : [];
  const comparison = comparisonYear(years, viewer.user?.client.details.country ?? 'US');
  if (!projected || years.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="population-empty">
        {t('common.noResults')}
      </Typography>
    );
  }
  return (
    <Table size="small" data-testid="population-table" sx={DENSE_CELLS}>
      <TableHead>
        <TableRow>
          <TableCell>{t('population.year')}</TableCell>
          <TableCell align="right">{t('population.population')}</TableCell>
          <TableCell align="right">{t('population.change')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {years.map((year) => {
          const population = projected.population[year];
          const populationText = population == null ? fmt.na : formatPopulation(population, viewer.language);
          return (
            <TableRow key={year} data-testid={`population-row-${year}`}>
              <TableCell>{fmt.year(Number(year))}</TableCell>
              <TableCell align="right">{populationText}</TableCell>
              <TableCell align="right" data-testid={`population-change-${year}`}>
                {fmt.populationChange(projected.rateOfChange[year], year === comparison)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
