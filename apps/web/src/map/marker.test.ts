import { describe, expect, it } from 'vitest';
import { MARKER_ANCHOR, MARKER_SIZE, pinElement } from './marker.ts';

describe('search marker (LAYER-28)', () => {
  it('is a 96 by 117 image (spec 000 §9) drawn at one third, 32×39 CSS px', () => {
    expect(MARKER_SIZE).toEqual({ width: 96, height: 117 });
    const el = pinElement('#1565c0');
    expect(el.dataset['testid']).toBe('search-marker');
    expect([el.style.width, el.style.height]).toEqual(['32px', '39px']);
    const svg = el.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 96 117');
    expect([svg?.getAttribute('width'), svg?.getAttribute('height')]).toEqual(['32', '39']);
  });

  it('stands on its tip: anchored at the bottom, the path ending at the bottom centre', () => {
    expect(MARKER_ANCHOR).toBe('bottom');
    const path = pinElement('#1565c0').querySelector('path');
    const d = path?.getAttribute('d') ?? '';
    const [x, y] = (/^M(\d+) (\d+)/.exec(d) ?? []).slice(1).map(Number);
    expect(x).toBe(MARKER_SIZE.width / 2);
    expect(MARKER_SIZE.height - (y ?? 0)).toBeLessThanOrEqual(3);
  });

  it("fills the pin with the theme's primary colour", () => {
    expect(pinElement('#ff0000').querySelector('path')?.getAttribute('fill')).toBe('#ff0000');
  });
});
