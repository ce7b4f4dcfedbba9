// A pipe edit re-scored with the stored model must give what scoring the whole network with that model gives, and
// the edited pipe's price what the COF stage gives at the new value: the definition is the full computation.
import { describe, expect, it } from 'vitest';
import { indexBreaks } from '../lof/history.ts';
import { rankAmong } from '../lof/rank.ts';
import { scoreLof } from '../lof/score.ts';
import { remainingUsefulLife } from '../rul/rul.ts';
import { cofFigures } from './cof-inputs.ts';
import { cofStage } from './cof-stage.ts';
import { attributeRow } from './lof-attributes.ts';
import { lofPipeOf, lofStage } from './lof-stage.ts';
import { preprocessDataset } from './preprocess.ts';
import { repriceCofPipe, rescorePipeLof } from './rescore.ts';
import { smallTown, townDataset } from './testing.ts';
import type { CofPipeFigures, DatasetInputs, PipeValues } from './types.ts';

const inputs = townDataset(smallTown(900, 5));
const pre = preprocessDataset(inputs);
const lof = lofStage(inputs, pre);
const scoring = lof.scoring!;
const valuesOf = (i: number): PipeValues => ({
  installYear: pre.pipes[i]!.installYear.value,
  materialTypeCode: pre.pipes[i]!.materialTypeCode.value,
  diameterMm: pre.pipes[i]!.diameterMm.value,
});
const breaksOf = (id: string) => inputs.breaks.filter((b) => b.pipeId === id).map((b) => b.dateMs);
const active = inputs.pipes.flatMap((p, i) => (p.abandoned ? [] : [i]));
/** Pipes with breaks first: their history features are the ones most easily got wrong. */
const sample = [...active].sort(
  (a, b) => breaksOf(inputs.pipes[b]!.id).length - breaksOf(inputs.pipes[a]!.id).length,
);

/** The whole network scored with the stored model, pipe `edited` at `values`: no retraining. */
function scoreAll(edited: number, values: PipeValues) {
  const pipes = active.map((i) =>
    lofPipeOf(
      inputs.pipes[i]!,
      i === edited ? values : valuesOf(i),
      attributeRow(inputs.pipes[i]!, scoring.model.context.attributes),
    ),
  );
  const history = indexBreaks(
    pipes,
    inputs.breaks.flatMap((b) => (b.pipeId ? [{ pipeId: b.pipeId, dateMs: b.dateMs }] : [])),
  );
  const scores = scoreLof(scoring.model, pipes, history, scoring.asOfYear);
  const rul = remainingUsefulLife(scoring.model, pipes, history, scoring.asOfYear, scoring.rul);
  const k = active.indexOf(edited);
  return { pipe: scores.pipes[k]!, rul: rul[k]!, all: scores.pipes };
}

describe('rescorePipeLof', () => {
  it('gives an unchanged pipe the figures the LOF stage stored', () => {
    expect(scoring.model.training.trees).toBeGreaterThan(0);
    for (const i of sample.slice(0, 15)) {
      const { rank: _r, cumBreaks: _c, ...stored } = lof.pipes[i]!;
      expect(rescorePipeLof(scoring, inputs.pipes[i]!, valuesOf(i), breaksOf(inputs.pipes[i]!.id))).toEqual(
        stored,
      );
    }
  });

  it('scores an edited pipe as the stored model scores the edited network, and ranks it among the others', () => {
    for (const i of sample.slice(0, 6)) {
      const v = valuesOf(i);
      const edited = {
        ...v,
        diameterMm: (v.diameterMm ?? 150) * 3,
        installYear: (v.installYear ?? 1970) - 30,
      };
      const whole = scoreAll(i, edited);
      const one = rescorePipeLof(scoring, inputs.pipes[i]!, edited, breaksOf(inputs.pipes[i]!.id));
      expect(one.lof).toEqual(whole.pipe.lof && Object.fromEntries(Object.entries(whole.pipe.lof)));
      expect(one.riskDrivers).toEqual(whole.pipe.riskDrivers);
      expect(one.rul).toBe(whole.rul);
      const others = whole.all.filter((p) => p.id !== inputs.pipes[i]!.id && p.lof !== null);
      const riskier = others.filter((p) => p.lof![12] > one.lof!['12']!).length;
      expect(rankAmong(riskier, others.length + 1)).toBe(whole.pipe.rank[12]);
    }
  });
});

describe('repriceCofPipe', () => {
  const priced = async (data: DatasetInputs, figures: readonly CofPipeFigures[]) => cofStage(data, figures);

  it('prices an unchanged pipe as the COF stage did, and an edited one as the stage would at the new diameter', async () => {
    const figures = cofFigures(pre.pipes, lof.pipes);
    const cof = await priced(inputs, figures);
    const stored = (i: number) => ({
      scenario: null,
      country: inputs.country,
      calculation: cof.summary.calculation,
      levelBreaks: cof.summary.levelBreaks,
      breLevelBreaks: cof.summary.breLevelBreaks,
      customersWithoutWater: cof.pipes[i]!.cof['customersWithoutWater']!,
      criticalFacilities: cof.pipes[i]!.cof['criticalFacilities']!,
      diameterMm: figures[i]!.diameterMm,
      // The stored record: its outage's basis (segment customers, cut-off segments, …) is kept.
      record: cof.pipes[i]!.cof,
    });
    // Pipes that cut off critical facilities first: their weight is read back from the stored cost.
    const order = [...active].sort(
      (a, b) => cof.pipes[b]!.cof['criticalFacilities']! - cof.pipes[a]!.cof['criticalFacilities']!,
    );
    expect(cof.pipes[order[0]!]!.cof['criticalFacilities']).toBeGreaterThan(0);
    for (const i of order.slice(0, 8)) {
      const same = repriceCofPipe(inputs.pipes[i]!, valuesOf(i), figures[i]!.lof12, [], stored(i));
      expect(same!.cofTotal).toBeCloseTo(cof.pipes[i]!.cofTotal, 6);
      expect(same!.cofLevel).toBe(cof.pipes[i]!.cofLevel);
      expect(same!.bre).toBeCloseTo(cof.pipes[i]!.bre ?? NaN, 6);

      const wider: PipeValues = { ...valuesOf(i), diameterMm: (figures[i]!.diameterMm ?? 150) * 4 };
      const moved = figures.map((f, k) => (k === i ? { ...f, diameterMm: wider.diameterMm } : f));
      const expected = (await priced(inputs, moved)).pipes[i]!;
      const repriced = repriceCofPipe(inputs.pipes[i]!, wider, figures[i]!.lof12, [], stored(i))!;
      expect(repriced.cofTotal).not.toBeCloseTo(cof.pipes[i]!.cofTotal, 0);
      // Every amount and every figure of its basis (cof-basis.ts), as the stage stores them.
      for (const [key, amount] of Object.entries(expected.cof))
        expect(repriced.cof[key], key).toBeCloseTo(amount, 6);
    }
  });
});
