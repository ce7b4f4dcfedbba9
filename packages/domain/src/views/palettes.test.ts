import { describe, expect, it } from 'vitest';
import {
  BREAK_COUNT_PALETTE,
  DIAMETER_PALETTE,
  gradient,
  INSTALL_YEAR_PALETTE,
  LEVEL_PALETTE,
  MATERIAL_PALETTE,
  NO_DATA_COLOR,
  POPULATION_CHANGE_PALETTE,
  POPULATION_PALETTE,
  RISK_RAMP,
  STATUS_PALETTE,
} from './palettes.ts';

const HEX = /^#[0-9a-f]{6}$/;

describe('gradient', () => {
  it('interpolates evenly and returns hex strings (MAP-TIER-25)', () => {
    expect(gradient(['#000000', '#ffffff'], 3)).toEqual(['#000000', '#808080', '#ffffff']);
    expect(gradient(['red', 'rgb(0, 0, 255)'], 2)).toEqual(['#ff0000', '#0000ff']);
    expect(gradient(['#000', '#fff'], 1)).toEqual(['#000000']);
  });

  it('needs at least two valid colours', () => {
    expect(() => gradient([], 3)).toThrow(Error);
    expect(() => gradient(['#ff0000'], 3)).toThrow(Error);
  });

  it("reports a bad colour as 'Invalid color' (MAP-TIER-26)", () => {
    expect(() => gradient(['#ff0000', 'not-a-colour'], 3)).toThrow('Invalid color');
    expect(() => gradient(['#12345', '#ffffff'], 3)).toThrow('Invalid color');
  });
});

describe('palettes', () => {
  it('has an 8-colour risk ramp from green to red (MAP-TIER-23)', () => {
    expect(RISK_RAMP).toHaveLength(8);
    expect(RISK_RAMP[0]).toBe('#1a9850');
    expect(RISK_RAMP[7]).toBe('#d73027');
  });

  it('has one palette per view kind with valid hex colours (MAP-TIER-24)', () => {
    expect(MATERIAL_PALETTE).toHaveLength(11);
    expect(new Set(MATERIAL_PALETTE).size).toBe(11);
    expect(STATUS_PALETTE).toHaveLength(3);
    expect(LEVEL_PALETTE).toHaveLength(5);
    expect(BREAK_COUNT_PALETTE).toHaveLength(6);
    for (const p of [INSTALL_YEAR_PALETTE, DIAMETER_PALETTE, POPULATION_PALETTE, POPULATION_CHANGE_PALETTE]) {
      expect(p).toHaveLength(7);
    }
    for (const c of [...RISK_RAMP, ...MATERIAL_PALETTE, ...INSTALL_YEAR_PALETTE, NO_DATA_COLOR])
      expect(c).toMatch(HEX);
  });
});
