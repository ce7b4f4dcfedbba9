import { describe, expect, it } from 'vitest';
import { BOUNDARY_POPUP_OFFSET, boundaryPopupContent } from './boundary-popup.ts';
import { popupAnchor, samePolygons, toFeatures, toPolygons } from './geometry.ts';

const RING = [
  [139.92, 37.49],
  [139.95, 37.49],
  [139.95, 37.5],
  [139.92, 37.5],
  [139.92, 37.49],
];

describe('boundary geometry', () => {
  it('round-trips rings through terra-draw features, closing open rings', () => {
    const features = toFeatures([RING, RING.slice(0, 4)]);
    expect(features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [RING] },
      properties: { mode: 'rectangle' },
    });
    expect(toPolygons(features)).toEqual([RING, RING]);
  });

  it('keeps only rectangles and drops rings too short to be one', () => {
    const point = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [1, 2] },
      properties: { mode: 'point' },
    };
    expect(toPolygons([...toFeatures([RING]), point] as Parameters<typeof toPolygons>[0])).toEqual([RING]);
    expect(toFeatures([RING.slice(0, 2)])).toEqual([]);
  });

  it('rounds to the 9 decimals terra-draw accepts', () => {
    const fine = RING.map(([x, y]) => [x! + 1e-12, y!]);
    expect(toPolygons(toFeatures([fine]))).toEqual([RING]);
  });

  it('compares polygons by value', () => {
    expect(samePolygons([RING], [RING.map((p) => [...p])])).toBe(true);
    expect(samePolygons([RING], [])).toBe(false);
    expect(samePolygons([RING], [RING.map(([x, y]) => [x!, y! + 1])])).toBe(false);
  });

  it('puts the popup at the top centre, offset 30 (BOUND-08)', () => {
    const [lng, lat] = popupAnchor(RING);
    expect(lng).toBeCloseTo(139.935);
    expect(lat).toBe(37.5);
    expect(BOUNDARY_POPUP_OFFSET).toBe(30);
  });
});

describe('boundary popup content', () => {
  it('has the given buttons with the given labels and reports presses', () => {
    const pressed: string[] = [];
    const el = boundaryPopupContent(
      ['edit', 'confirm', 'delete'],
      { edit: 'Bearbeiten', confirm: 'Bestätigen', delete: 'Löschen' },
      (b) => pressed.push(b),
    );
    const buttons = [...el.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Bearbeiten', 'Bestätigen', 'Löschen']);
    buttons[1]?.click();
    expect(pressed).toEqual(['confirm']);
  });
});
