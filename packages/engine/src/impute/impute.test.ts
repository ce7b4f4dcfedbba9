import { DATA_ORIGIN, MATERIAL } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { NetworkBuilder } from '../network/builder.ts';
import { imputePipes, MIN_KNOWN_PIPES, MIN_KNOWN_SHARE } from './impute.ts';
import { ImputeBuilder } from './testing/builder.ts';
import { TARGETS, type ImputePipe } from './types.ts';

const CI = MATERIAL.CAST_IRON;

/** A small town: a 1920s cast-iron downtown street and three streets of other eras far from it. */
function town(): ImputeBuilder {
  return new ImputeBuilder()
    .street('Elm St', 10, { installYear: 1920, materialTypeCode: CI, diameterMm: 152.4 }, { yearStep: 1 })
    .street(
      'Pine Ct',
      10,
      { installYear: 1995, materialTypeCode: MATERIAL.PVC, diameterMm: 203.2 },
      { atM: [3000, 0] },
    )
    .street(
      'Birch Ave',
      10,
      { installYear: 1975, materialTypeCode: MATERIAL.DUCTILE_IRON, diameterMm: 152.4 },
      { atM: [0, 3000] },
    )
    .street(
      'Cedar Rd',
      10,
      { installYear: 1960, materialTypeCode: MATERIAL.ASBESTOS_CEMENT, diameterMm: 152.4 },
      { atM: [3000, 3000], direction: 'north' },
    );
}

const sum = (m: Readonly<Record<string, number>>) => Object.values(m).reduce((s, p) => s + p, 0);

describe('imputePipes', () => {
  it('imputes cast iron, with high likelihood, for a pipe missing its material on a cast-iron 1920s street', () => {
    const pipes = town().set('Elm St-5', { materialTypeCode: null }).build();
    const elm5 = imputePipes({ pipes, seed: 1 }).pipes.find((p) => p.id === 'Elm St-5')!;
    expect(elm5.materialTypeCode.status).toBe(DATA_ORIGIN.IMPUTED);
    expect(elm5.materialTypeCode.value).toBe(CI);
    expect(elm5.materialTypeCode.likelihood[String(CI)]).toBeGreaterThan(0.8);
  });

  it('imputes a missing install year in the street’s era and a missing diameter from its street', () => {
    const pipes = town().set('Elm St-5', { installYear: null, diameterMm: null }).build();
    const elm5 = imputePipes({ pipes, seed: 1 }).pipes.find((p) => p.id === 'Elm St-5')!;
    expect(Math.abs(elm5.installYear.value! - 1924)).toBeLessThanOrEqual(5);
    expect(elm5.diameterMm.value).toBe(152.4);
    expect(elm5.installYear.status).toBe(DATA_ORIGIN.IMPUTED);
  });

  it('keeps overrides with status 2, still reporting the model’s own estimate', () => {
    const pipes = town().set('Elm St-5', { materialTypeCode: null }).build();
    const overrides = [
      { pipeId: 'Elm St-5', materialTypeCode: MATERIAL.DUCTILE_IRON },
      { pipeId: 'Pine Ct-1', installYear: 2001 },
    ];
    const result = imputePipes({ pipes, seed: 1, overrides }).pipes;
    const elm5 = result.find((p) => p.id === 'Elm St-5')!;
    expect(elm5.materialTypeCode).toMatchObject({
      value: MATERIAL.DUCTILE_IRON,
      status: DATA_ORIGIN.OVERRIDDEN,
      imputed: CI,
    });
    expect(result.find((p) => p.id === 'Pine Ct-1')!.installYear).toMatchObject({
      value: 2001,
      status: DATA_ORIGIN.OVERRIDDEN,
    });
  });

  it('keeps provided values with status 0 and an estimate to compare with', () => {
    const pipes = town().set('Elm St-5', { materialTypeCode: null }).build();
    const result = imputePipes({ pipes, seed: 1 }).pipes;
    pipes.forEach((p, i) => {
      for (const t of TARGETS) {
        if (p[t] === null) continue;
        expect(result[i]![t].value).toBe(p[t]);
        expect(result[i]![t].status).toBe(DATA_ORIGIN.PROVIDED);
        expect(Number.isFinite(result[i]![t].imputed)).toBe(true);
      }
    });
    expect(result.find((p) => p.id === 'Pine Ct-4')!.materialTypeCode.imputed).toBe(MATERIAL.PVC);
  });

  it('gives likelihood maps that sum to 1 for every pipe and attribute', () => {
    const pipes = town()
      .set('Elm St-5', { materialTypeCode: null, installYear: null })
      .isolated('blank', {})
      .build();
    for (const p of imputePipes({ pipes, seed: 3 }).pipes) {
      for (const t of TARGETS) expect(sum(p[t].likelihood)).toBeCloseTo(1, 12);
    }
  });

  it('is deterministic for a seed', () => {
    const pipes = town()
      .set('Elm St-5', { materialTypeCode: null })
      .set('Birch Ave-2', { installYear: null })
      .build();
    expect(JSON.stringify(imputePipes({ pipes, seed: 9 }))).toBe(
      JSON.stringify(imputePipes({ pipes, seed: 9 })),
    );
  });

  it('falls back to the attribute model, then the global prior, for a pipe without neighbours', () => {
    const pipes = town()
      .isolated('lonely', { installYear: 1922, diameterMm: 152.4 })
      .isolated('blank', {})
      .build();
    const result = imputePipes({ pipes, seed: 1 });
    expect(result.summary.withNeighbours).toBe(40);
    const lonely = result.pipes.find((p) => p.id === 'lonely')!;
    expect(lonely.materialTypeCode.value).toBe(CI);
    const blank = result.pipes.find((p) => p.id === 'blank')!;
    // The prior: every material seen equally often (10 pipes each), so no strong preference.
    expect(Math.max(...Object.values(blank.materialTypeCode.likelihood))).toBeLessThan(0.5);
    expect(blank.materialTypeCode.status).toBe(DATA_ORIGIN.IMPUTED);
  });

  it('uses a given topology as neighbours when pipes have no geometry', () => {
    const { topology } = new NetworkBuilder()
      .chain('A', ['a0', 'a1', 'a2', 'a3', 'a4', 'a5'])
      .chain('B', ['b0', 'b1', 'b2', 'b3', 'b4', 'b5'])
      .build();
    const pipe = (id: string, year: number, material: ImputePipe['materialTypeCode']): ImputePipe => ({
      id,
      lengthM: 100,
      installYear: year,
      materialTypeCode: material,
      diameterMm: 150,
    });
    const pipes = [
      ...[1, 2, 3, 4, 5].map((k) => pipe(`A${k}`, 1930, k === 3 ? null : CI)),
      ...[1, 2, 3, 4, 5].map((k) => pipe(`B${k}`, 1930, MATERIAL.DUCTILE_IRON)),
    ];
    // Ten pipes are fewer than MIN_KNOWN_PIPES: this test is about the neighbours, so the floor is lowered.
    const options = { minKnownPipes: 1 };
    const withTopology = imputePipes({ pipes, seed: 1, topology, options });
    expect(withTopology.summary.withNeighbours).toBe(10);
    expect(withTopology.pipes[2]!.materialTypeCode.value).toBe(CI);
    expect(imputePipes({ pipes, seed: 1, options }).summary.withNeighbours).toBe(0);
  });

  it('leaves an attribute unknown, not invented, when too few pipes carry it (issue 15)', () => {
    const pipes = (knownYears: number): ImputePipe[] =>
      Array.from({ length: 200 }, (_, i) => ({
        id: `P${i}`,
        coordinates: [
          [-85.7 + (i % 20) * 0.001, 38.2 + Math.floor(i / 20) * 0.001],
          [-85.7 + (i % 20) * 0.001 + 0.0009, 38.2 + Math.floor(i / 20) * 0.001],
        ],
        lengthM: 80,
        installYear: i < knownYears ? 1950 + (i % 40) : null,
        materialTypeCode: CI,
        diameterMm: 150,
      }));
    // 40 of 200 (20 %) carry a year: below MIN_KNOWN_SHARE, the other 160 stay unknown.
    const few = imputePipes({ pipes: pipes(40), seed: 3 });
    expect(MIN_KNOWN_SHARE).toBe(0.25);
    expect(few.pipes[100]!.installYear).toEqual({
      value: null,
      status: DATA_ORIGIN.PROVIDED,
      imputed: null,
      likelihood: {},
    });
    expect(few.pipes[10]!.installYear).toMatchObject({ value: 1960, status: DATA_ORIGIN.PROVIDED });
    expect(few.summary).toMatchObject({
      known: { installYear: 40, materialTypeCode: 200, diameterMm: 200 },
      unknown: { installYear: 160, materialTypeCode: 0, diameterMm: 0 },
      imputed: { installYear: 0 },
      minKnownShare: 0.25,
      minKnownPipes: MIN_KNOWN_PIPES,
    });
    // 50 of 200 (25 %): enough to estimate the rest from their neighbours.
    const enough = imputePipes({ pipes: pipes(50), seed: 3 });
    expect(enough.pipes[100]!.installYear.status).toBe(DATA_ORIGIN.IMPUTED);
    expect(enough.pipes[100]!.installYear.value).toEqual(expect.any(Number));
    expect(enough.summary.unknown.installYear).toBe(0);
  });

  it('treats a recorded UNKNOWN material as missing unless told otherwise', () => {
    const pipes = town().set('Elm St-5', { materialTypeCode: MATERIAL.UNKNOWN }).build();
    const imputed = imputePipes({ pipes, seed: 1 }).pipes.find((p) => p.id === 'Elm St-5')!;
    expect(imputed.materialTypeCode).toMatchObject({ value: CI, status: DATA_ORIGIN.IMPUTED });
    const kept = imputePipes({ pipes, seed: 1, options: { unknownMaterialIsMissing: false } }).pipes;
    expect(kept.find((p) => p.id === 'Elm St-5')!.materialTypeCode).toMatchObject({
      value: MATERIAL.UNKNOWN,
      status: DATA_ORIGIN.PROVIDED,
    });
  });

  it('accepts an empty network', () => {
    expect(imputePipes({ pipes: [], seed: 1 }).pipes).toEqual([]);
  });
});
