// Test and script only: the RUL a generated town's own hazard gives (synth/hazard.ts), to hold the estimate against.
// Same definition as rul.ts: the first whole year in which the pipe's rate (over at least minLengthM), with no new
// breaks, reaches the threshold; the generator's true attributes, including those it hid from the inventory.
import { breakRate } from '../synth/hazard.ts';
import type { SynthCity } from '../synth/types.ts';

/** Per pipe id: years (maxYears = not within the horizon). */
export function trueRul(
  city: SynthCity,
  thresholdBreaksPerKmYear: number,
  options: { readonly minLengthM: number; readonly maxYears: number },
): Map<string, number> {
  const hidden = new Map(city.maskedTruth.map((m) => [m.pipeId, m]));
  const breaks = new Map<string, number>();
  for (const b of city.breaks) breaks.set(b.pipeId, (breaks.get(b.pipeId) ?? 0) + 1);
  // The generator's clock: ages at mid-month, pipes laid mid-year (hazard.ts drawBreaks).
  const now = city.metadata.asOf.year + (city.metadata.asOf.month - 1) / 12;
  return new Map(
    city.pipes.map((p) => {
      const truth = hidden.get(p.id);
      const pipe = {
        installYear: p.installYear ?? truth!.installYear!,
        material: p.materialTypeCode ?? truth!.materialTypeCode!,
        diameterMm: p.diameterMm ?? truth!.diameterMm!,
        lengthM: p.lengthM,
        soilClass: p.soilCorrosivity,
        pressureKpa: p.staticPressureKpa,
      };
      const share = Math.min(1, p.lengthM / options.minLengthM);
      const age = now - (pipe.installYear + 0.5);
      let years = options.maxYears;
      for (let k = 0; k < options.maxYears; k++) {
        if (breakRate(pipe, age + k, breaks.get(p.id) ?? 0) * share >= thresholdBreaksPerKmYear) {
          years = k;
          break;
        }
      }
      return [p.id, years];
    }),
  );
}
