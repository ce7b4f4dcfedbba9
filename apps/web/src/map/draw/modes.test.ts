import { describe, expect, it } from 'vitest';
import { DRAW_MODES, boundaryButtons, drawInteraction, nextDrawMode } from './modes.ts';

describe('boundary drawing modes (BOUND-01)', () => {
  it('are off, draw_rectangle, direct_select and static', () => {
    expect(DRAW_MODES).toEqual(['off', 'draw_rectangle', 'direct_select', 'static']);
  });

  it('draw a rectangle with a crosshair and without panning (BOUND-03/04)', () => {
    expect(drawInteraction('draw_rectangle')).toEqual({
      terraMode: 'rectangle',
      dragPan: false,
      cursor: 'crosshair',
      featureClicks: false,
    });
    for (const mode of ['off', 'direct_select', 'static'] as const) {
      expect(drawInteraction(mode)).toMatchObject({ dragPan: true, cursor: null });
    }
    expect(drawInteraction('direct_select').terraMode).toBe('select');
    expect(drawInteraction('static').featureClicks).toBe(true);
  });

  it('move between modes on the user actions', () => {
    expect(nextDrawMode('off', 'select')).toBe('draw_rectangle');
    expect(nextDrawMode('draw_rectangle', 'escape')).toBe('off'); // BOUND-05
    expect(nextDrawMode('draw_rectangle', 'cancel')).toBe('off');
    expect(nextDrawMode('draw_rectangle', 'finished')).toBe('off');
    expect(nextDrawMode('off', 'edit')).toBe('direct_select');
    expect(nextDrawMode('direct_select', 'confirm')).toBe('static');
    expect(nextDrawMode('off', 'confirm')).toBe('static');
    expect(nextDrawMode('static', 'edit')).toBe('direct_select');
    expect(nextDrawMode('static', 'delete')).toBe('off');
    expect(nextDrawMode('static', 'escape')).toBe('static');
    expect(nextDrawMode('direct_select', 'escape')).toBe('direct_select');
  });

  it('offer edit, confirm and delete in the popup where they apply (BOUND-07)', () => {
    expect(boundaryButtons('off')).toEqual(['edit', 'confirm', 'delete']);
    expect(boundaryButtons('direct_select')).toEqual(['confirm', 'delete']);
    expect(boundaryButtons('static')).toEqual(['edit', 'delete']);
    expect(boundaryButtons('draw_rectangle')).toEqual([]);
  });
});
