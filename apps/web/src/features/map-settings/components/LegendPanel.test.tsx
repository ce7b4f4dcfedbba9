import {
  NO_DATA_COLOR,
  STATIC_POPULATION_BOUNDS,
  VIEW_DEFINITIONS,
  withDynamicTiers,
} from '@pipewise/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LegendPanel, type LegendPanelProps } from './LegendPanel.tsx';

const props: Omit<LegendPanelProps, 'view'> = {
  open: true,
  onToggle: () => undefined,
  unitSystem: 'metric',
  lofMonths: 12,
  onLofMonths: () => undefined,
  popYear: 2030,
  popYears: [2030, 2040, 2050],
  onPopYear: () => undefined,
};

const labels = () =>
  within(screen.getByTestId('legend-tiers'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('LegendPanel', () => {
  it('shows the population view’s dynamic tiers from the dataset’s quantiles (MAP-TIER-09)', () => {
    // A dense network: 0 … 4,800 people per pipe in 17 quantiles.
    const populationQuantiles = Array.from({ length: 17 }, (_, i) => i * 300);
    const view = withDynamicTiers(VIEW_DEFINITIONS.population, { populationQuantiles });
    render(<LegendPanel {...props} view={view} />);
    expect(labels()).toEqual([
      '< 600',
      '600 – 1,200',
      '1,200 – 1,800',
      '1,800 – 2,400',
      '2,400 – 3,000',
      '3,000 – 3,600',
      '3,600 – 4,200',
      '≥ 4,200',
    ]);
    const colors = within(screen.getByTestId('legend-tiers'))
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('data-color'));
    expect(new Set(colors).size).toBe(8);
  });

  it('shows fractional bounds of a sparse network with their digit', () => {
    const populationQuantiles = Array.from({ length: 17 }, (_, i) => i * 0.25);
    const view = withDynamicTiers(VIEW_DEFINITIONS.population, { populationQuantiles });
    render(<LegendPanel {...props} view={view} />);
    expect(labels()[0]).toBe('< 0.5');
    expect(labels()).toHaveLength(8);
  });

  it('keeps the static tiers (MAP-TIER-08) without quantiles', () => {
    const view = withDynamicTiers(VIEW_DEFINITIONS.population, { populationQuantiles: null });
    render(<LegendPanel {...props} view={view} />);
    expect(labels()).toHaveLength(STATIC_POPULATION_BOUNDS.length + 1);
    expect(labels()[0]).toBe('< 50');
    expect(labels().at(-1)).toBe('≥ 600');
  });

  it('explains the grey of pipes without a value: unknown or not computed (issue 15)', () => {
    render(<LegendPanel {...props} view={VIEW_DEFINITIONS.installYear} />);
    const row = screen.getByTestId('legend-no-value');
    expect(row).toHaveTextContent('Unknown or not computed');
    expect(row.querySelector('[aria-hidden]')).toHaveStyle({ backgroundColor: NO_DATA_COLOR });
  });
});
