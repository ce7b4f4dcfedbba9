// Writes an InpModel back to EPANET 2.2 input text (manual, appendix C). Values are written in the model's
// flow units (SI values are written as they are, so an SI model round-trips exactly through parseInp;
// US customary ones are converted back from SI). `inpLines` yields the file line by line so large models
// can be streamed to disk without building one string.
import type { InpModel } from './inp-types.ts';
import { unitConverter } from './units.ts';

/** Shortest decimal text that reads back as the same number (and parseNumber accepts). */
const num = (value: number) => String(value);

const row = (...fields: (string | number | null | undefined)[]) =>
  ' ' +
  fields
    .filter((f) => f !== null && f !== undefined)
    .map((f) => (typeof f === 'number' ? num(f) : f))
    .join('\t');

export function* inpLines(model: InpModel): Generator<string> {
  const u = unitConverter(model.options.flowUnits);
  const inverse = (convert: (v: number) => number) => {
    const factor = convert(1);
    return factor === 1 ? (v: number) => v : (v: number) => v / factor;
  };
  const length = inverse(u.lengthM);
  const diameter = inverse(u.diameterMm);
  const tankDiameter = inverse(u.tankDiameterM);
  const volume = inverse(u.volumeM3);
  const power = inverse(u.powerKw);

  yield '[TITLE]';
  for (const line of model.title) yield line;
  yield '';
  yield '[JUNCTIONS]';
  yield ';ID\tElev\tDemand\tPattern';
  for (const j of model.junctions) yield row(j.id, length(j.elevationM), j.baseDemand, j.patternId);
  yield '';
  yield '[RESERVOIRS]';
  for (const r of model.reservoirs) yield row(r.id, length(r.headM), r.patternId);
  yield '';
  yield '[TANKS]';
  yield ';ID\tElevation\tInitLevel\tMinLevel\tMaxLevel\tDiameter\tMinVol\tVolCurve';
  for (const t of model.tanks) {
    yield row(
      t.id,
      length(t.elevationM),
      length(t.initLevelM),
      length(t.minLevelM),
      length(t.maxLevelM),
      tankDiameter(t.diameterM),
      volume(t.minVolumeM3),
      t.volumeCurveId,
    );
  }
  yield '';
  yield '[PIPES]';
  yield ';ID\tNode1\tNode2\tLength\tDiameter\tRoughness\tMinorLoss\tStatus';
  for (const p of model.pipes) {
    yield row(
      p.id,
      p.node1,
      p.node2,
      length(p.lengthM),
      diameter(p.diameterMm),
      p.roughness,
      p.minorLoss,
      p.status,
    );
  }
  yield '';
  yield '[PUMPS]';
  for (const p of model.pumps) {
    yield row(
      p.id,
      p.node1,
      p.node2,
      ...(p.headCurveId !== null ? ['HEAD', p.headCurveId] : []),
      ...(p.powerKw !== null ? ['POWER', num(power(p.powerKw))] : []),
      ...(p.speed !== null ? ['SPEED', num(p.speed)] : []),
      ...(p.patternId !== null ? ['PATTERN', p.patternId] : []),
    );
  }
  yield '';
  yield '[VALVES]';
  for (const v of model.valves) {
    yield row(
      v.id,
      v.node1,
      v.node2,
      diameter(v.diameterMm),
      v.type,
      v.type === 'GPV' ? v.curveId : v.setting,
      v.minorLoss,
    );
  }
  yield '';
  yield '[DEMANDS]';
  for (const d of model.demands)
    yield row(d.junctionId, d.baseDemand, d.patternId ?? (d.category === null ? null : '*'), d.category);
  yield '';
  yield '[STATUS]';
  for (const s of model.status) yield row(s.linkId, s.status ?? s.setting);
  yield '';
  for (const [name, lines] of Object.entries(model.otherSections)) {
    if (name === 'END') continue;
    yield `[${name}]`;
    for (const line of lines) yield line;
    yield '';
  }
  yield '[OPTIONS]';
  const options = { UNITS: model.options.flowUnits, ...model.options.raw };
  for (const [key, value] of Object.entries(options)) yield ` ${key}\t${value}`;
  yield '';
  yield '[COORDINATES]';
  for (const c of model.coordinates) yield row(c.nodeId, c.x, c.y);
  yield '';
  yield '[VERTICES]';
  for (const [link, points] of Object.entries(model.vertices))
    for (const p of points) yield row(link, p.x, p.y);
  yield '';
  yield '[TAGS]';
  for (const t of model.tags) yield row(t.kind, t.id, t.tag);
  yield '';
  yield '[END]';
}

/** The whole model as INP text. */
export function writeInp(model: InpModel): string {
  let text = '';
  for (const line of inpLines(model)) text += line + '\n';
  return text;
}
