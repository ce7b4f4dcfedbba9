// Issue 38: the point overlays (breaks, hydrants…) must not read as the pipes' risk colours, and the legend must
// show each as the map draws it.
import { NO_DATA_COLOR, VIEW_DEFINITIONS, type ViewKey } from '@pipewise/domain';
import { render, screen } from '@testing-library/react';
import type { CircleLayerSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { LegendSymbolSwatch } from '../features/map-settings/components/LegendLayers.tsx';
import { planLayers } from './layer-plan.ts';
import { legendLayers } from './legend-layers.ts';
import { OVERLAY_LAYERS, OVERLAY_NAMES, OVERLAY_RING_WIDTH, type OverlayName } from './overlays.layers.ts';
import { plainStyle } from './basemap.ts';

const POINT_OVERLAYS = OVERLAY_NAMES.filter((name) => name !== 'supply_areas');
/** The views that colour pipes by risk: likelihood, consequence, business risk exposure, rank, breaks. */
const RISK_VIEWS: ViewKey[] = ['lof', 'rank', 'highest', 'breakRate', 'breakCount', 'cof', 'bre'];

const circleOf = (name: OverlayName) => {
  const layer = OVERLAY_LAYERS[name].layers[0] as CircleLayerSpecification;
  expect(layer.type).toBe('circle');
  return layer.paint as Record<string, unknown>;
};

/** Hue in degrees and saturation (HSL) of a #rrggbb colour. */
function hsl(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const lightness = (max + min) / 2;
  const saturation = d === 0 ? 0 : d / (1 - Math.abs(2 * lightness - 1));
  if (d === 0) return { hue: 0, saturation };
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: (h * 60 + 360) % 360, saturation };
}

describe('point overlays (issue 38)', () => {
  const rampColors = new Set(
    RISK_VIEWS.flatMap((view) => VIEW_DEFINITIONS[view].tiers.map((tier) => tier.color.toLowerCase())),
  );

  it('use no colour of the risk ramps, nor a hue between their red and green', () => {
    // The ramps run red (#a50026, 346°) through orange and yellow to green (#1a9850, 145°).
    const rampHues = [...rampColors].map((c) => hsl(c).hue);
    expect(Math.max(...rampHues.filter((h) => h < 180))).toBeLessThan(160);
    expect(Math.min(...rampHues.filter((h) => h > 180))).toBeGreaterThan(335);
    for (const name of POINT_OVERLAYS) {
      const color = String(circleOf(name)['circle-color']).toLowerCase();
      expect(rampColors, name).not.toContain(color);
      expect(color, name).not.toBe(NO_DATA_COLOR);
      const { hue, saturation } = hsl(color);
      // Neutral (black, white, slate) or a hue from cyan to violet.
      if (saturation > 0.25) expect([name, hue > 170 && hue < 320]).toEqual([name, true]);
    }
  });

  it('each has a colour of its own, in a ring that sets it apart from the pipes', () => {
    const colors = POINT_OVERLAYS.map((name) => String(circleOf(name)['circle-color']).toLowerCase());
    expect(new Set(colors).size).toBe(colors.length);
    for (const name of POINT_OVERLAYS) {
      const paint = circleOf(name);
      expect(paint['circle-stroke-width']).toBe(OVERLAY_RING_WIDTH);
      expect(OVERLAY_RING_WIDTH).toBeGreaterThanOrEqual(2);
      expect(paint['circle-stroke-color']).not.toBe(paint['circle-color']);
    }
  });

  it('the legend shows each with the same dot, ring and shape', () => {
    const tiles = (layer: string) => [`https://pw.test/api/tiles/1/1/${layer}/{z}/{x}/{y}.mvt`];
    const legend = legendLayers({
      plan: planLayers({ activeGroup: 'pipes', overlays: [...POINT_OVERLAYS], showPopulation: false, tiles }),
      color: null,
      populationColor: null,
      style: plainStyle('light'),
    });
    for (const name of POINT_OVERLAYS) {
      const entry = legend.find((l) => l.id === name);
      const paint = circleOf(name);
      expect(entry?.symbol, name).toMatchObject({
        shape: 'circle',
        colors: [paint['circle-color']],
        outline: paint['circle-stroke-color'],
      });
      const { unmount } = render(<LegendSymbolSwatch symbol={entry!.symbol} />);
      const swatch = screen.getByTestId('legend-symbol');
      expect(swatch).toHaveAttribute('data-shape', 'circle');
      expect(swatch).toHaveAttribute('data-colors', String(paint['circle-color']));
      expect(swatch).toHaveAttribute('data-outline', String(paint['circle-stroke-color']));
      const circle = screen.getByTestId('legend-circle');
      expect(circle).toHaveStyle({
        borderWidth: `${OVERLAY_RING_WIDTH}px`,
        borderStyle: 'solid',
        borderColor: String(paint['circle-stroke-color']),
        borderRadius: '50%',
      });
      unmount();
    }
  });
});
