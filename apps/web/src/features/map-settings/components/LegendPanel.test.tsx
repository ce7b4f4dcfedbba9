import {
  NO_DATA_COLOR,
  STATIC_POPULATION_BOUNDS,
  VIEW_DEFINITIONS,
  withDynamicTiers,
} from '@pipewise/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoTownStyle, plainStyle } from '../../../map/basemap.ts';
import { colorExpression } from '../../../map/expressions.ts';
import { planLayers } from '../../../map/layer-plan.ts';
import { legendLayers } from '../../../map/legend-layers.ts';
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

describe('LegendPanel: the layers on the map (issue 15)', () => {
  const layersOf = (overlays: string[], opts: { population?: boolean; town?: boolean } = {}) =>
    legendLayers({
      plan: planLayers({
        activeGroup: 'district',
        overlays,
        showPopulation: opts.population ?? false,
        tiles: (layer) => [`https://pw.test/${layer}/{z}/{x}/{y}.mvt`],
      }),
      color: colorExpression(VIEW_DEFINITIONS.lof, 'lof_12'),
      populationColor: colorExpression(VIEW_DEFINITIONS.population, 'pop_2030'),
      style: opts.town ? demoTownStyle('light', false, 'https://pw.test/town') : plainStyle('light'),
    });
  const rows = () =>
    within(screen.getByTestId('legend-layers'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);

  it('names every layer that is on, top to bottom, each with its symbol', () => {
    render(
      <LegendPanel
        {...props}
        view={VIEW_DEFINITIONS.lof}
        layers={layersOf(['breaks', 'supply_areas'], { population: true })}
      />,
    );
    expect(screen.getByTestId('legend-layers').closest('div')).toHaveTextContent('On the map');
    // Drawn in OVERLAY_NAMES order, the supply areas last, so on top.
    expect(rows()).toEqual(['Supply areas', 'Breaks', 'Districts', 'Population 2030']);
    const symbol = (id: string) =>
      within(screen.getByTestId(`legend-layer-${id}`)).getByTestId('legend-symbol');
    expect(symbol('breaks')).toHaveAttribute('data-shape', 'circle');
    expect(symbol('supply_areas')).toHaveAttribute('data-shape', 'fill');
    // The population's ramp, low to high, as its layer colours the regions.
    expect(symbol('population').getAttribute('data-colors')?.split(',')).toEqual(
      VIEW_DEFINITIONS.population.tiers.map((t) => t.color),
    );
  });

  it('drops an overlay’s row when it is turned off', () => {
    const { rerender } = render(
      <LegendPanel {...props} view={VIEW_DEFINITIONS.lof} layers={layersOf(['hydrants'])} />,
    );
    expect(screen.getByTestId('legend-layer-hydrants')).toHaveTextContent('Hydrants');
    rerender(<LegendPanel {...props} view={VIEW_DEFINITIONS.lof} layers={layersOf([])} />);
    expect(screen.queryByTestId('legend-layer-hydrants')).toBeNull();
    expect(rows()).toEqual(['Districts']);
  });

  it('names the facility types of critical infrastructure, and says the demo town’s streets are synthetic', () => {
    render(
      <LegendPanel
        {...props}
        view={VIEW_DEFINITIONS.lof}
        layers={layersOf(['infrastructure'], { town: true })}
        facilityTypes={['hospital', 'school']}
      />,
    );
    expect(screen.getByTestId('legend-layer-infrastructure')).toHaveTextContent(
      'Critical infrastructureHospitals and Schools',
    );
    expect(screen.getByTestId('legend-layer-demo-basemap')).toHaveTextContent(
      'Streets and blocks (demo town)Generated with the synthetic network: not a real place',
    );
  });
});
