// Issue 38: the COF panel says under each amount how it was computed (cof.basis of docs/api-assets.md), in the
// user's language and units, so a user can check it: in valve mode the customers of the isolation segment.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPERIAL_UNITS, METRIC_UNITS, type CofBasisWire, type UnitSet } from '@pipewise/domain';
import { camelizeKeys } from '../../../../lib/case.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import { useSession } from '../../../session/index.ts';
import { formatters } from '../../format.ts';
import type { Viewer } from '../../hooks/use-viewer.ts';
import { wireAsset } from '../../test-data.ts';
import type { AssetDetails } from '../../types.ts';
import { CofPanel } from './CofPanel.tsx';

const basis: CofBasisWire = {
  calculation: 'valve',
  diameter_tier: 'd2',
  outage_hours: 6,
  customers: 76,
  customer_hour_rate: 2,
  segment_id: 41,
  segment_pipes: 1,
  segment_customers: 76,
  cut_off_segments: 0,
  dry_junctions: 0,
  intense_repair: false,
  repair_rate_per_m: 656.168,
  road_type: 'local',
  traffic_rate_per_hour: 50,
  facilities_cut_off: 0,
  facility_weight: 0,
  facility_hour_rate: 500,
  pressure_factor: 1,
  property_damage_rate: 2500,
  environment_rate: 1000,
  near_water_factor: 1,
  custom_cofs: 0,
};

function render(language: string, units: UnitSet) {
  mockApi({
    'GET /api/datasets/7/assessments/cof': {
      body: { id: 9, currency: 'USD', scenario_id: 3, scenario_name: 'Valve test' },
    },
  });
  const wire = wireAsset({ length: 30.48 });
  const pipe = camelizeKeys<AssetDetails>({ ...wire, cof: { ...wire.cof!, no_water: 912, basis } });
  const viewer = { language, units, currency: 'USD', hidesJapanItems: false } as Viewer;
  const fmt = formatters({ language, units, t: i18n.t });
  renderWithApp(<CofPanel datasetId={7} pipe={pipe} viewer={viewer} fmt={fmt} />);
}

describe('CofPanel: how each amount was computed', () => {
  beforeEach(() => useSession.setState({ accessToken: 'token' }));
  afterEach(async () => {
    useSession.setState({ accessToken: null });
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('names the calculation and the segment, customers, hours and rates, in the user units (en, US)', async () => {
    await i18n.changeLanguage('en');
    render('en', IMPERIAL_UNITS);
    expect(await screen.findByTestId('cof-calculation')).toHaveTextContent('Valve isolation');
    expect(screen.getByTestId('cof-basis-noWater')).toHaveTextContent(
      '76 people × 6 h × $2.00 per person-hour: 76 in isolation segment 41 (1 pipe) and 0 in 0 segments cut off from every source',
    );
    // 30.48 m = 100 ft at $200/ft (656.168 $/m).
    expect(screen.getByTestId('cof-basis-standardRepair')).toHaveTextContent(
      '100 ft × $200.00/ft (diameter tier d2)',
    );
    expect(screen.getByTestId('cof-basis-intenseRepair')).toHaveTextContent('Not applied');
    expect(screen.getByTestId('cof-basis-trafficDisruption')).toHaveTextContent(
      'Local road: $50.00 per hour × 6 h',
    );
    expect(screen.getByTestId('cof-basis-propertyDamage')).toHaveTextContent(
      '$2.5k for diameter tier d2 × pressure factor 1',
    );
    expect(screen.getByTestId('cof-basis-criticalFacilities')).toHaveTextContent('Facilities cut off: 0');
  });

  it('speaks the user language and metric units (de)', async () => {
    await i18n.changeLanguage('de');
    render('de', METRIC_UNITS);
    expect(await screen.findByTestId('cof-calculation')).not.toHaveTextContent('cof.');
    const noWater = screen.getByTestId('cof-basis-noWater');
    expect(noWater).toHaveTextContent('76 Personen × 6 h');
    expect(noWater).toHaveTextContent('Absperrabschnitt 41 (1 Leitung)');
    expect(screen.getByTestId('cof-basis-standardRepair')).toHaveTextContent(/30,5 m × 656,17\s\$\/m/);
    for (const el of screen.getAllByTestId(/^cof-basis-/))
      expect(el.textContent).not.toMatch(/cof\.|basis\./);
  });
});
