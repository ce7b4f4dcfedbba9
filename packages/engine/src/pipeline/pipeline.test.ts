// The three stages end to end on a generated town of ~1,500 pipes (EPANET node ids, the town's .inp).
import { LOF_RANK_OUT_OF_RANGE, MATERIAL } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { defaultCofScenario } from '../cof/defaults.ts';
import { switchCalculation } from '../cof/scenario.ts';
import { cofFactorGroups } from '../cof/factor-groups.ts';
import { cofFigures, cofStageInputs } from './cof-inputs.ts';
import { cofStage, withLof } from './cof-stage.ts';
import { lofStage } from './lof-stage.ts';
import { preprocessDataset } from './preprocess.ts';
import { smallTown, townDataset, withPipes } from './testing.ts';

const city = smallTown();
const masked = city.maskedTruth;
const maskedYear = masked.find((m) => m.installYear !== undefined)!.pipeId;
const overridden = city.pipes.find(
  (p) => p.diameterMm !== null && p.diameterMm !== 300 && p.id !== maskedYear,
)!.id;
const abandoned = city.pipes.find((p) => p.breakCount === 0 && ![maskedYear, overridden].includes(p.id))!.id;
const inputs = withPipes(townDataset(city), {
  [overridden]: { overrides: { diameterMm: 300 } },
  [maskedYear]: { overrides: { installYear: 1961 } },
  [abandoned]: { abandoned: true },
});
const pre = preprocessDataset(inputs);
const lof = lofStage(inputs, pre);
const cof = await cofStage(inputs, cofFigures(pre.pipes, lof.pipes));
const ids = inputs.pipes.map((p) => p.id);

describe('dataset pipeline on a generated town', () => {
  it('gives every pipe exactly one result per stage, in input order', () => {
    expect(city.pipes.length).toBeGreaterThan(1400);
    expect(pre.pipes.map((p) => p.pipeId)).toEqual(ids);
    expect(lof.pipes.map((p) => p.pipeId)).toEqual(ids);
    expect(cof.pipes.map((p) => p.pipeId)).toEqual(ids);
  });

  it('marks values provided (0), imputed (1) and overridden (2)', () => {
    const byId = new Map(pre.pipes.map((p) => [p.pipeId, p]));
    expect(byId.get(overridden)!.diameterMm).toMatchObject({ value: 300, status: 2 });
    expect(byId.get(maskedYear)!.installYear).toMatchObject({ value: 1961, status: 2 });
    for (const m of masked) {
      const p = byId.get(m.pipeId)!;
      if (m.pipeId === abandoned) continue;
      if (m.installYear !== undefined && m.pipeId !== maskedYear) {
        expect(p.installYear.status).toBe(1);
        expect(p.installYear.value).toEqual(expect.any(Number));
      }
      if (m.materialTypeCode !== undefined) expect(p.materialTypeCode.status).toBe(1);
      if (m.diameterMm !== undefined && m.pipeId !== overridden) expect(p.diameterMm.status).toBe(1);
    }
    const provided = city.pipes.filter(
      (p) => p.installYear !== null && p.id !== abandoned && p.id !== maskedYear,
    );
    for (const p of provided)
      expect(byId.get(p.id)!.installYear).toMatchObject({ value: p.installYear, status: 0 });
    const known = city.pipes.filter(
      (p) => p.materialTypeCode !== null && p.materialTypeCode !== MATERIAL.UNKNOWN,
    );
    for (const p of known)
      expect(byId.get(p.id)!.materialTypeCode).toMatchObject({ value: p.materialTypeCode, status: 0 });
    expect(pre.imputeSummary.overridden).toMatchObject({ installYear: 1, diameterMm: 1 });
  });

  it('partitions the non-abandoned pipes into segments, each pipe pointing at its own', () => {
    const members = pre.segments.flatMap((s) => s.pipeIds);
    expect(members.length).toBe(new Set(members).size);
    expect(new Set(members)).toEqual(new Set(ids.filter((id) => id !== abandoned)));
    for (const s of pre.segments)
      for (const id of s.pipeIds) expect(pre.pipes[ids.indexOf(id)]!.segmentId).toBe(s.id);
    expect(pre.segments.map((s) => s.id)).toEqual(pre.segments.map((_, i) => i));
    expect(pre.visSummary).toMatchObject({
      segments: pre.segments.length,
      components: 1,
      valvesUnsnapped: 0,
    });
    expect(pre.visSummary.valvesSnapped).toBe(city.valves.length);
  });

  it('sums base-year and projected population over a segment’s pipes', () => {
    const pipes = new Map(inputs.pipes.map((p) => [p.id, p]));
    const total = pre.segments.reduce((sum, s) => sum + s.population, 0);
    const expected = inputs.pipes
      .filter((p) => !p.abandoned)
      .reduce((sum, p) => sum + (p.population?.['2025'] ?? 0), 0);
    expect(total).toBeCloseTo(expected, 6);
    const s = pre.segments.find((x) => x.population > 0)!;
    const in2050 = s.pipeIds.reduce((sum, id) => sum + (pipes.get(id)!.population?.['2050'] ?? 0), 0);
    expect(s.projectedPopulation['2050']).toBeCloseTo(in2050, 9);
  });

  it('leaves the abandoned pipe out of the network, the model and the consequences', () => {
    const i = ids.indexOf(abandoned);
    const p = city.pipes[i]!;
    expect(pre.pipes[i]).toMatchObject({ segmentId: null, installYear: { value: p.installYear, status: 0 } });
    expect(lof.pipes[i]).toMatchObject({ lof: null, rul: null, riskDrivers: [] });
    expect(Object.values(lof.pipes[i]!.rank)).toEqual([333, 333, 333, 333]);
    expect(cof.pipes[i]).toMatchObject({
      cofTotal: 0,
      cofLevel: 0,
      bre: null,
      breLevel: null,
    });
    expect(lof.card!.data.pipes).toBe(ids.length - 1);
  });

  it('scores LOF in [0, 1], increasing with the horizon, with ranks and risk drivers', () => {
    const scored = lof.pipes.filter((p) => p.lof !== null);
    expect(scored.length).toBe(ids.length - 1);
    for (const p of scored) {
      const l = p.lof!;
      expect(Object.keys(l)).toEqual(['12', '24', '36', '60']);
      for (const v of Object.values(l)) expect(v >= 0 && v <= 1).toBe(true);
      expect(l['12']! <= l['60']!).toBe(true);
      for (const r of Object.values(p.rank)) expect(r > 0 && r <= 100).toBe(true);
      expect(p.riskDrivers.length).toBeLessThanOrEqual(5);
    }
    expect(Object.values(lof.pipes.find((p) => p.lof === null)!.rank)[0]).toBe(LOF_RANK_OUT_OF_RANGE);
    expect(lof.card!.featureImportance.some((f) => f.feature.startsWith('attr:'))).toBe(true);
  });

  it('prices every pipe, with COF levels 1–5 and BRE = LOF 12 × COF', () => {
    const active = cof.pipes.filter((p) => p.pipeId !== abandoned);
    for (const p of active) {
      expect(p.cofTotal).toBeGreaterThan(0);
      expect(p.cofLevel >= 1 && p.cofLevel <= 5).toBe(true);
      const l = lof.pipes[ids.indexOf(p.pipeId)]!.lof!['12']!;
      expect(p.bre).toBeCloseTo(l * p.cofTotal, 6);
      expect(p.breLevel! >= 1 && p.breLevel! <= 5).toBe(true);
      // The report's seven factor groups (001 §9) split the total exactly.
      expect(cofFactorGroups(p.cof).reduce((s, v) => s + v, 0)).toBeCloseTo(p.cofTotal, 6);
    }
    // Quintile levels: all five are used on a varied town.
    expect(new Set(active.map((p) => p.cofLevel)).size).toBe(5);
    expect(cof.summary).toMatchObject({ calculation: 'standard', currency: 'USD' });
    expect(cof.summary.levelBreaks).toHaveLength(4);
    expect(cof.summary.totalCof).toBeCloseTo(
      active.reduce((s, p) => s + p.cofTotal, 0),
      3,
    );
    expect(lof.segments.map((s) => s.segmentId)).toEqual(pre.segments.map((s) => s.id));
    expect(cof.areas.length).toBe(inputs.areas.length);
    // Each area's money: the COF and BRE of its members in service (the area report's totals).
    const byId = new Map(cof.pipes.map((p) => [p.pipeId, p]));
    const withPipes = inputs.areas.filter((a) => a.pipeIds.some((id) => id !== abandoned));
    expect(withPipes.length).toBeGreaterThan(0);
    for (const area of withPipes) {
      const members = area.pipeIds.filter((id) => id !== abandoned).map((id) => byId.get(id)!);
      const stored = cof.areas.find((a) => a.areaId === area.areaId)!;
      expect(stored.totalCof).toBeCloseTo(
        members.reduce((s, p) => s + p.cofTotal, 0),
        6,
      );
      expect(stored.totalBre).toBeCloseTo(
        members.reduce((s, p) => s + (p.bre ?? 0), 0),
        6,
      );
    }
  });

  it('falls back from hydraulic to valve mode with a note when EPANET cannot run', async () => {
    const base = defaultCofScenario('US');
    const hydraulic = { ...base, costMaster: switchCalculation(base.costMaster, 'hydraulic') };
    const noInp = await cofStage(
      { ...inputs, epanetInp: null, cofScenario: hydraulic },
      cofFigures(pre.pipes, lof.pipes),
    );
    expect(noInp.summary.calculation).toBe('valve');
    expect(noInp.summary.notes.join(' ')).toMatch(
      /Hydraulic COF is not possible \(the dataset has no EPANET model\)/,
    );
    const noEngine = await cofStage({ ...inputs, cofScenario: hydraulic }, cofFigures(pre.pipes, lof.pipes));
    expect(noEngine.summary.notes.join(' ')).toMatch(/no EPANET engine/);
  });

  it('prices before the LOF is known and completes with it exactly as the whole stage run after it (withLof)', async () => {
    const figures = cofFigures(pre.pipes, lof.pipes);
    const unscored = figures.map((f) => ({ ...f, lof12: null, lofAbsolute12: null, riskDrivers: [] }));
    const early = await cofStage(inputs, unscored);
    expect(early.pipes.every((p) => p.bre === null)).toBe(true);
    expect(early.pipes.map((p) => p.cofTotal)).toEqual(cof.pipes.map((p) => p.cofTotal));
    const completed = withLof(early, inputs, figures);
    expect(completed).toEqual(cof);
    // The whole stage's figures do tell pipes and areas apart: the comparison is not of empty BREs.
    expect(cof.pipes.filter((p) => p.bre !== null).length).toBeGreaterThan(1000);
    expect(cof.areas.length).toBeGreaterThan(0);
    expect(cof.areas.some((a) => a.totalBre > 0 && a.lof12 !== null)).toBe(true);
  });

  it('prices the same from the inputs cut to what the consequence reads (cofStageInputs)', async () => {
    const cut = cofStageInputs(inputs);
    expect(cut.breaks).toEqual([]);
    expect(await cofStage(cut, cofFigures(pre.pipes, lof.pipes))).toEqual(cof);
  });

  it('notes a rebuilt network whose segments differ from the preprocess, and only then', async () => {
    const figures = cofFigures(pre.pipes, lof.pipes);
    const same = await cofStage(inputs, figures, { preprocessSegments: pre.segments.length });
    expect(same.summary.notes.join(' ')).not.toMatch(/segments/);
    const other = await cofStage(inputs, figures, { preprocessSegments: pre.segments.length + 1 });
    expect(other.summary.notes.join(' ')).toMatch(
      `The network now has ${pre.segments.length} segments, the stored preprocess ${pre.segments.length + 1}.`,
    );
  });

  it('works from stored (JSON round-tripped) earlier results', async () => {
    const stored = JSON.parse(JSON.stringify({ pre, lof: lof.pipes }));
    expect(await cofStage(inputs, cofFigures(stored.pre.pipes, stored.lof))).toEqual(cof);
  });

  it('adds an enabled custom COF to the COF and BRE of the pipes its rule selects, and nothing elsewhere', async () => {
    const byId = new Map(pre.pipes.map((p) => [p.pipeId, p]));
    const material = byId.get(ids[0]!)!.materialTypeCode.value!;
    const base = defaultCofScenario('US');
    const scenario = {
      ...base,
      customCofs: [
        {
          id: 9,
          enabled: true,
          name: 'Rail crossings',
          amount: 12_345,
          rule: { kind: 'attribute' as const, attribute: 'material' as const, values: [material] },
        },
      ],
    };
    const withCustom = await cofStage({ ...inputs, cofScenario: scenario }, cofFigures(pre.pipes, lof.pipes));
    const lof12 = new Map(lof.pipes.map((l) => [l.pipeId, l.lof?.['12'] ?? null]));
    let selected = 0;
    withCustom.pipes.forEach((after, i) => {
      const before = cof.pipes[i]!;
      if (before.cofLevel === 0) return; // abandoned: no consequence at all
      const hit = byId.get(after.pipeId)!.materialTypeCode.value === material;
      if (hit) selected++;
      expect(after.cof['custom']).toBe(hit ? 12_345 : 0);
      expect(after.cofTotal).toBeCloseTo(before.cofTotal + (hit ? 12_345 : 0), 6);
      expect(after.bre).toBeCloseTo(after.cofTotal * lof12.get(after.pipeId)!, 6);
    });
    expect(selected).toBeGreaterThan(0);
  });
});
