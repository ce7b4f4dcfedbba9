// Issue 39: a network without break history is scored by a prior (published break rates by material and age), and
// every place that shows its LOF says so — the map legend on LOF and BRE views, the map PDF's model line, the
// details pane's LOF panel, the model card and the reports' heading — in the user's language.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { METRIC_UNITS, VIEW_DEFINITIONS } from '@pipewise/domain';
import { camelizeKeys } from '../../../../lib/case.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import { lofFacts } from '../../../analysis/model-card.ts';
import type { ModelCardBody } from '../../../analysis/api/get-model-card.ts';
import { drawsFromLof, LegendPanel } from '../../../map-settings/components/LegendPanel.tsx';
import { modelText } from '../../../../routes/map/use-map-screenshot.ts';
import { formatters } from '../../format.ts';
import { wireAsset } from '../../test-data.ts';
import type { AssetDetails } from '../../types.ts';
import { LofPanel } from './LofPanel.tsx';

const legend = {
  open: true,
  onToggle: () => undefined,
  unitSystem: 'metric' as const,
  lofMonths: 12 as const,
  onLofMonths: () => undefined,
  popYear: 2030,
  popYears: [2030],
  onPopYear: () => undefined,
};

function lofPanel(language: string, lofSource: 'utility' | 'prior' | null) {
  const pipe = camelizeKeys<AssetDetails>(wireAsset({ length: 100 }));
  const fmt = formatters({ language, units: METRIC_UNITS, t: i18n.t });
  renderWithApp(<LofPanel pipe={pipe} fmt={fmt} lofSource={lofSource} />);
}

describe('prior LOF labels', () => {
  afterEach(async () => i18n.changeLanguage('en'));

  it('marks the LOF and BRE views of the legend, and no other, when the LOF is a prior (en)', async () => {
    await i18n.changeLanguage('en');
    expect(drawsFromLof(VIEW_DEFINITIONS.lof)).toBe(true);
    expect(drawsFromLof(VIEW_DEFINITIONS.bre)).toBe(true);
    expect(drawsFromLof(VIEW_DEFINITIONS.materialTypeCode)).toBe(false);
    const { unmount } = render(<LegendPanel {...legend} view={VIEW_DEFINITIONS.lof} lofSource="prior" />);
    expect(screen.getByTestId('legend-lof-prior')).toHaveTextContent('Prior');
    unmount();
    const other = render(
      <LegendPanel {...legend} view={VIEW_DEFINITIONS.materialTypeCode} lofSource="prior" />,
    );
    expect(screen.queryByTestId('legend-lof-prior')).toBeNull();
    other.unmount();
    render(<LegendPanel {...legend} view={VIEW_DEFINITIONS.lof} lofSource="utility" />);
    expect(screen.queryByTestId('legend-lof-prior')).toBeNull();
  });

  it('says so in the legend in the user language (de)', async () => {
    await i18n.changeLanguage('de');
    render(<LegendPanel {...legend} view={VIEW_DEFINITIONS.lof} lofSource="prior" />);
    expect(screen.getByTestId('legend-lof-prior')).toHaveTextContent('A priori');
  });

  it('names a prior in the map PDF model line (en, de)', async () => {
    const ctx = { lofUnavailable: null, lofSource: 'prior' as const, costModel: null };
    await i18n.changeLanguage('en');
    expect(modelText(i18n.getFixedT('en', 'mapui'), ctx)).toBe(
      'prior LOF (published break rates, no break history)',
    );
    expect(modelText(i18n.getFixedT('en', 'mapui'), { ...ctx, lofSource: 'utility' })).toBe(
      "LOF trained on this network's breaks",
    );
    expect(modelText(i18n.getFixedT('de', 'mapui'), ctx)).toMatch(/^A-priori-Ausfallwahrscheinlichkeit/);
  });

  it('says in the LOF panel that the figures are a prior (en), and nothing for the utility model', async () => {
    await i18n.changeLanguage('en');
    lofPanel('en', 'prior');
    expect(await screen.findByTestId('lof-prior')).toHaveTextContent(
      /published North American break rates by material and age \(Folkman 2018\), not learned from this network's breaks/,
    );
  });

  it('says it in the LOF panel in the user language (de)', async () => {
    await i18n.changeLanguage('de');
    lofPanel('de', 'prior');
    expect(await screen.findByTestId('lof-prior')).toHaveTextContent(/A-priori-Schätzung/);
  });

  it('shows no prior line for the utility model', async () => {
    await i18n.changeLanguage('en');
    lofPanel('en', 'utility');
    expect(await screen.findByTestId('lof-table')).toBeInTheDocument();
    expect(screen.queryByTestId('lof-prior')).toBeNull();
  });

  it("reads a prior's model card as a prior, with its citation", () => {
    const card = {
      lofCard: {
        prior: true,
        method:
          "Prior: published North American break rates by material and age (Folkman 2018), not learned from this utility's breaks",
        source: 'S. Folkman, "Water Main Break Rates In the USA and Canada", 2018',
        backtests: [],
      },
    } as unknown as ModelCardBody;
    expect(lofFacts(card)).toMatchObject({
      prior: true,
      source: expect.stringMatching(/Folkman/),
      unavailable: null,
    });
    expect(lofFacts({ lofCard: { method: 'trees' } } as unknown as ModelCardBody).prior).toBe(false);
  });
});
