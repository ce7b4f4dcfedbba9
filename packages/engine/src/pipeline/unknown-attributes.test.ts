// A network imported without install years (issue 15: every pipe got 1902, shown as imputed): the year stays
// unknown for every pipe, nothing is invented, and the analysis still runs — the LOF model takes the year as
// missing, the COF prices what it knows.
import { DATA_ORIGIN } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { defaultCofScenario } from '../cof/defaults.ts';
import { cofFigures } from './cof-inputs.ts';
import { cofStage } from './cof-stage.ts';
import { lofStage } from './lof-stage.ts';
import { preprocessDataset } from './preprocess.ts';
import { FAST_LOF, smallTown, townDataset } from './testing.ts';

const town = townDataset(smallTown(1200, 5));
const inputs = {
  ...town,
  pipes: town.pipes.map((p) => ({ ...p, installYear: null })),
  lofOptions: FAST_LOF,
};

describe('a network without install years', () => {
  const pre = preprocessDataset(inputs);

  it('leaves every install year unknown and says so in the summary', () => {
    const active = pre.pipes.filter((p) => p.segmentId !== null);
    expect(active.length).toBeGreaterThan(1000);
    for (const p of pre.pipes) {
      expect(p.installYear).toMatchObject({ value: null, status: DATA_ORIGIN.PROVIDED, imputed: null });
    }
    expect(pre.imputeSummary.known.installYear).toBe(0);
    expect(pre.imputeSummary.unknown.installYear).toBe(inputs.pipes.filter((p) => !p.abandoned).length);
    expect(pre.imputeSummary.imputed.installYear).toBe(0);
  });

  it('still scores LOF and prices COF for every pipe', async () => {
    const lof = lofStage(inputs, pre);
    expect(lof.pipes.length).toBe(inputs.pipes.filter((p) => !p.abandoned).length);
    for (const p of lof.pipes) expect(Number.isFinite(p.lof?.[12])).toBe(true);
    const cof = await cofStage(
      { ...inputs, cofScenario: defaultCofScenario('US') },
      cofFigures(pre.pipes, lof.pipes),
    );
    expect(cof.pipes.every((p) => Number.isFinite(p.cofTotal))).toBe(true);
  });
});
