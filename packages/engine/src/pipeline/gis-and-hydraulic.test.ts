// A small town two ways: as a GIS export (no node ids, no EPANET model, valves as bare points), which must
// give the same segments as the EPANET-keyed dataset; and hydraulic COF through EPANET; and determinism.
import { describe, expect, it } from 'vitest';
import { defaultCofScenario } from '../cof/defaults.ts';
import { switchCalculation } from '../cof/scenario.ts';
import { epanetWasmBytes } from '../cof/testing.ts';
import { cofFigures } from './cof-inputs.ts';
import { cofStage } from './cof-stage.ts';
import { lofStage } from './lof-stage.ts';
import { preprocessDataset } from './preprocess.ts';
import { smallTown, townDataset } from './testing.ts';

const city = smallTown(400, 3);
const keyed = townDataset(city);
const gis = townDataset(city, { gis: true, valvesByPosition: true });
const membersOf = (segments: readonly { pipeIds: readonly string[] }[]) =>
  new Set(segments.filter((s) => s.pipeIds.length > 0).map((s) => [...s.pipeIds].sort().join(',')));

describe('dataset pipeline without EPANET node ids', () => {
  const pre = preprocessDataset(gis);

  it('snaps ends and valve points into the same segments as the EPANET-keyed dataset', () => {
    expect(gis.pipes.every((p) => p.fromNode === null && p.toNode === null)).toBe(true);
    expect(gis.epanetInp).toBeNull();
    expect(pre.visSummary.valvesUnsnapped).toBe(0);
    expect(membersOf(pre.segments)).toEqual(membersOf(preprocessDataset(keyed).segments));
  });

  it('runs all three stages, deterministically', async () => {
    const lof = lofStage(gis, pre);
    const cof = await cofStage(gis, cofFigures(pre.pipes, lof.pipes));
    expect(cof.pipes.every((p) => p.cofTotal > 0 && p.cofLevel >= 1)).toBe(true);
    expect(lof.pipes.every((p) => p.lof !== null)).toBe(true);
    const pre2 = preprocessDataset(gis);
    const lof2 = lofStage(gis, pre2);
    expect(pre2).toEqual(pre);
    expect(lof2).toEqual(lof);
    expect(await cofStage(gis, cofFigures(pre2.pipes, lof2.pipes))).toEqual(cof);
  }, 60_000);
});

describe('hydraulic COF of a dataset with its EPANET model', () => {
  it('closes each segment in EPANET and counts the customers left without water', async () => {
    const base = defaultCofScenario('US');
    const inputs = {
      ...keyed,
      cofScenario: { ...base, costMaster: switchCalculation(base.costMaster, 'hydraulic') },
    };
    const pre = preprocessDataset(inputs);
    const lof = lofStage(inputs, pre);
    const cof = await cofStage(inputs, cofFigures(pre.pipes, lof.pipes), {
      hydraulic: { wasmBinary: epanetWasmBytes() },
    });
    expect(cof.summary.calculation).toBe('hydraulic');
    expect(cof.summary.notes).toEqual([]);
    expect(cof.pipes.some((p) => p.cof.customersWithoutWater! > 0)).toBe(true);
  }, 60_000);
});
