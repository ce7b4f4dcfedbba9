import { describe, expect, it } from 'vitest';
import { demoBounds } from './demo-bounds.ts';

describe('demoBounds', () => {
  it('frames the dataset view and narrows as the zoom grows (CTRL-09)', () => {
    const [w, s, e, n] = demoBounds({ center: [-122.23, 37.49], zoom: 12 });
    expect(w).toBeLessThan(-122.23);
    expect(e).toBeGreaterThan(-122.23);
    expect(s).toBeLessThan(37.49);
    expect(n).toBeGreaterThan(37.49);
    const closer = demoBounds({ center: [-122.23, 37.49], zoom: 14 });
    expect(closer[2] - closer[0]).toBeCloseTo((e - w) / 4, 6);
  });
});
