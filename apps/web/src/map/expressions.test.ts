import { Color, createExpression, featureFilter, latest } from '@maplibre/maplibre-gl-style-spec';
import type { StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { LAYER_GROUPS, NO_DATA_COLOR, VIEW_DEFINITIONS, VIEW_KEYS, propertyFor } from '@pipewise/domain';
import type { FilterState, Tier, ViewDefinition } from '@pipewise/domain';
import type { ExpressionSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { HIDE_ALL, colorExpression, filterExpression } from './expressions.ts';
import { expressionHash } from './hash.ts';

const view = (over: Partial<ViewDefinition> & { tiers: Tier[] }): ViewDefinition => ({
  key: 'installYear',
  alias: 'install-year',
  titleKey: 'views.installYear.title',
  icon: 'x',
  uiType: 'slider',
  dataType: 'range',
  unit: 'year',
  properties: { pipes: 'install_year' },
  productionReady: true,
  menu: true,
  menuGroup: null,
  subscriptions: [],
  usesLofMonths: false,
  usesPopYear: false,
  ...over,
});

const YEARS = view({
  tiers: [
    { id: 'old', low: undefined, high: 1950, color: '#000001' },
    { id: 'mid', low: 1950, high: 1980, color: '#000002' },
    // A gap 1980–1990 on purpose: values there have no tier.
    { id: 'new', low: 1990, high: undefined, color: '#000003' },
  ],
});
const MATERIAL = view({
  key: 'materialTypeCode',
  dataType: 'scalar',
  uiType: 'checkbox',
  unit: 'code',
  properties: { pipes: 'material_type_code' },
  tiers: [
    { id: 'ci', value: 1, color: '#00000a' },
    { id: 'pvc', value: 2, color: '#00000b' },
  ],
});
const RANK = view({
  key: 'rank',
  unit: 'percentile',
  properties: { pipes: 'rank_{lofMonths}' },
  tiers: [
    { id: 'top3', low: 0, high: 3, color: '#0000a1' },
    { id: 'rest', low: 3, color: '#0000a2' },
  ],
});

const LINE_COLOR = latest.paint_line['line-color'] as StylePropertySpecification;
const FILTER_SPEC = latest.filter as unknown as StylePropertySpecification;

/** Compiles with MapLibre's own parser: an invalid expression fails here with its errors. */
function compile(expression: ExpressionSpecification, spec: StylePropertySpecification) {
  const result = createExpression(expression, 'test', spec);
  if (result.result === 'error')
    throw new Error(result.value.map((e) => `${e.key}: ${e.message}`).join('; '));
  return result.value;
}

function colorOf(expression: ExpressionSpecification, properties: Record<string, unknown>): string {
  const value = compile(expression, LINE_COLOR).evaluate({ zoom: 12 }, { type: 2, properties });
  return (value as Color).toString();
}
const rgba = (hex: string) => Color.parse(hex)!.toString();

function passes(filter: ExpressionSpecification, properties: Record<string, unknown>): boolean {
  compile(filter, FILTER_SPEC);
  return featureFilter(filter, 'filter').filter({ zoom: 12 }, { type: 2, properties });
}

describe('colorExpression', () => {
  it('colours range views by tier [low, high), open ends, gaps and missing values grey', () => {
    const e = colorExpression(YEARS, 'install_year');
    expect(colorOf(e, { install_year: 1900 })).toBe(rgba('#000001'));
    expect(colorOf(e, { install_year: 1950 })).toBe(rgba('#000002'));
    expect(colorOf(e, { install_year: 1979.9 })).toBe(rgba('#000002'));
    expect(colorOf(e, { install_year: 1985 })).toBe(rgba(NO_DATA_COLOR));
    expect(colorOf(e, { install_year: 2020 })).toBe(rgba('#000003'));
    expect(colorOf(e, {})).toBe(rgba(NO_DATA_COLOR));
    expect(colorOf(e, { install_year: null })).toBe(rgba(NO_DATA_COLOR));
  });

  it('colours scalar views by value, other values and missing ones grey', () => {
    const e = colorExpression(MATERIAL, 'material_type_code');
    expect(colorOf(e, { material_type_code: 2 })).toBe(rgba('#00000b'));
    expect(colorOf(e, { material_type_code: 7 })).toBe(rgba(NO_DATA_COLOR));
    expect(colorOf(e, {})).toBe(rgba(NO_DATA_COLOR));
  });

  it('draws unscored pipes (rank 333) grey even under an open top tier', () => {
    const e = colorExpression(RANK, 'rank_12');
    expect(colorOf(e, { rank_12: 1 })).toBe(rgba('#0000a1'));
    expect(colorOf(e, { rank_12: 80 })).toBe(rgba('#0000a2'));
    expect(colorOf(e, { rank_12: 333 })).toBe(rgba(NO_DATA_COLOR));
  });

  it('is a valid expression without tiers', () => {
    expect(colorOf(colorExpression(view({ tiers: [] }), 'x'), { x: 1 })).toBe(rgba(NO_DATA_COLOR));
    expect(colorOf(colorExpression({ ...MATERIAL, tiers: [] }, 'x'), { x: 1 })).toBe(rgba(NO_DATA_COLOR));
  });

  it('compiles for every real view on every layer group it is available for', () => {
    for (const key of VIEW_KEYS) {
      const definition = VIEW_DEFINITIONS[key];
      for (const group of LAYER_GROUPS) {
        const property = propertyFor(definition, group, { lofMonths: 12, popYear: 2030 });
        if (property === null) continue;
        const e = colorExpression(definition, property);
        expect(() => compile(e, LINE_COLOR), `${key} on ${group}`).not.toThrow();
        const first = definition.tiers[0];
        const sample = first?.value ?? first?.low ?? first?.high;
        if (first && sample !== undefined && first.value === undefined && first.low === undefined) {
          expect(colorOf(e, { [property]: sample - 1 }), `${key} lowest tier`).toBe(rgba(first.color));
        } else if (first && sample !== undefined) {
          expect(colorOf(e, { [property]: sample }), `${key} first tier`).toBe(rgba(first.color));
        }
      }
    }
  });
});

describe('filterExpression', () => {
  const empty: FilterState = { ranges: {}, scalars: {} };
  const both = [
    { view: YEARS, property: 'install_year' },
    { view: MATERIAL, property: 'material_type_code' },
  ];

  it('is null when nothing filters', () => {
    expect(filterExpression(both, empty)).toBeNull();
    expect(
      filterExpression(both, { ranges: { installYear: { low: null, high: null } }, scalars: {} }),
    ).toBeNull();
  });

  it('keeps low ≤ value ≤ high, with a null end unbounded, and hides features without the value', () => {
    const f = filterExpression(both, { ranges: { installYear: { low: 1950, high: 1980 } }, scalars: {} })!;
    expect(passes(f, { install_year: 1950 })).toBe(true);
    expect(passes(f, { install_year: 1980 })).toBe(true);
    expect(passes(f, { install_year: 1981 })).toBe(false);
    expect(passes(f, { install_year: 1949 })).toBe(false);
    expect(passes(f, {})).toBe(false);
    const open = filterExpression(both, { ranges: { installYear: { low: null, high: 1960 } }, scalars: {} })!;
    expect(passes(open, { install_year: -5 })).toBe(true);
    expect(passes(open, { install_year: 1961 })).toBe(false);
    expect(passes(open, {})).toBe(false);
  });

  it('keeps selected scalar values; an empty selection hides everything', () => {
    const f = filterExpression(both, { ranges: {}, scalars: { materialTypeCode: [2] } })!;
    expect(passes(f, { material_type_code: 2 })).toBe(true);
    expect(passes(f, { material_type_code: 1 })).toBe(false);
    expect(passes(f, {})).toBe(false);
    const none = filterExpression(both, { ranges: {}, scalars: { materialTypeCode: [] } })!;
    expect(passes(none, { material_type_code: 2 })).toBe(false);
  });

  it('combines every filter with all', () => {
    const f = filterExpression(both, {
      ranges: { installYear: { low: 1950, high: null } },
      scalars: { materialTypeCode: [1, 2] },
    })!;
    expect(f[0]).toBe('all');
    expect(passes(f, { install_year: 1960, material_type_code: 1 })).toBe(true);
    expect(passes(f, { install_year: 1940, material_type_code: 1 })).toBe(false);
    expect(passes(f, { install_year: 1960, material_type_code: 3 })).toBe(false);
  });

  it('ignores filters of views not given', () => {
    expect(filterExpression([both[0]!], { ranges: {}, scalars: { materialTypeCode: [] } })).toBeNull();
  });

  it('has a valid hide-all filter (LAYER-32)', () => {
    expect(passes(HIDE_ALL, { install_year: 1960 })).toBe(false);
  });
});

describe('expressionHash', () => {
  it('is short, stable and "none" for no expression', () => {
    const e = colorExpression(YEARS, 'install_year');
    expect(expressionHash(e)).toMatch(/^[0-9a-f]{8}$/);
    expect(expressionHash(colorExpression(YEARS, 'install_year'))).toBe(expressionHash(e));
    expect(expressionHash(colorExpression(MATERIAL, 'install_year'))).not.toBe(expressionHash(e));
    expect(expressionHash(null)).toBe('none');
  });
});
