import { MATERIAL } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { type HazardPipe, breakRate, drawBreaks } from './hazard.ts';

function hazardPipe(overrides: Partial<HazardPipe> = {}): HazardPipe {
  return {
    installYear: 1960,
    material: MATERIAL.CAST_IRON,
    diameterMm: 152.4,
    lengthM: 100,
    soilClass: 2,
    pressureKpa: 500,
    ...overrides,
  };
}

describe('breakRate', () => {
  it('rises with age, falls with diameter, and rises with corrosive soil for iron only', () => {
    const pipe = hazardPipe();
    expect(breakRate(pipe, 80, 0)).toBeGreaterThan(breakRate(pipe, 40, 0));
    expect(breakRate(hazardPipe({ diameterMm: 101.6 }), 50, 0)).toBeGreaterThan(
      breakRate(hazardPipe({ diameterMm: 304.8 }), 50, 0),
    );
    const soilEffect = (material: HazardPipe['material']) =>
      breakRate(hazardPipe({ material, soilClass: 4 }), 50, 0) /
      breakRate(hazardPipe({ material, soilClass: 1 }), 50, 0);
    expect(soilEffect(MATERIAL.CAST_IRON)).toBeGreaterThan(2);
    expect(soilEffect(MATERIAL.PVC)).toBeLessThan(1.2);
    expect(breakRate(pipe, 50, 3)).toBeGreaterThan(breakRate(pipe, 50, 0));
    expect(breakRate(hazardPipe({ pressureKpa: 700 }), 50, 0)).toBeGreaterThan(breakRate(pipe, 50, 0));
  });

  it('rates old cast iron far above new PVC', () => {
    expect(breakRate(hazardPipe({ installYear: 1920 }), 100, 0)).toBeGreaterThan(
      5 * breakRate(hazardPipe({ material: MATERIAL.PVC, installYear: 2000 }), 20, 0),
    );
  });
});

describe('drawBreaks', () => {
  it('draws about the expected number of breaks (Poisson), none before installation', () => {
    const pipes = Array.from({ length: 400 }, (_, i) =>
      hazardPipe({ installYear: i % 2 === 0 ? 1950 : 2015, lengthM: 500 }),
    );
    const breaks = drawBreaks(3, pipes, { year: 2026, month: 1 });
    let expected = 0;
    for (const pipe of pipes) {
      for (let year = 2001; year < 2026; year++) {
        const age = year + 0.5 - (pipe.installYear + 0.5);
        if (age >= 0) expected += breakRate(pipe, age, 0) * 0.5;
      }
    }
    // Previous breaks raise later rates, so the draw sits a little above the no-history expectation.
    expect(breaks.length).toBeGreaterThan(expected * 0.95);
    expect(breaks.length).toBeLessThan(expected * 1.6);
    for (const b of breaks)
      expect(Number(b.date.slice(0, 4))).toBeGreaterThanOrEqual(pipes[b.pipe]!.installYear);
    expect(drawBreaks(3, pipes, { year: 2026, month: 1 })).toEqual(breaks);
  });

  it('ends the history the month before asOf', () => {
    const breaks = drawBreaks(1, [hazardPipe({ installYear: 1900, lengthM: 20_000 })], {
      year: 2024,
      month: 7,
    });
    expect(breaks.at(-1)!.date < '2024-07-01').toBe(true);
    expect(breaks[0]!.date >= '1999-07-01').toBe(true);
  });
});
