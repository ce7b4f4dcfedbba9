// Turns the rows read into the typed model, converting to SI once [OPTIONS] UNITS is known.
import type { InpContext } from './inp-context.ts';
import type { RawInp } from './inp-raw.ts';
import type { FlowUnits, InpModel, InpOptions, InpPoint } from './inp-types.ts';
import { isFlowUnits, unitConverter, unitSystemOf } from './units.ts';

function readOptions(ctx: InpContext, raw: RawInp): InpOptions {
  const units = raw.options.get('UNITS');
  // GPM is EPANET's default flow unit when the file names none (manual §C, OPTIONS).
  let flowUnits: FlowUnits = 'GPM';
  if (units !== undefined) {
    const value = units.value.toUpperCase();
    if (isFlowUnits(value)) flowUnits = value;
    else ctx.error('UNITS', `unknown flow units '${units.value}'`, units.line, 'OPTIONS');
  }
  const rawOptions: Record<string, string> = {};
  for (const [key, { value }] of raw.options) rawOptions[key] = value;
  return {
    flowUnits,
    unitSystem: unitSystemOf(flowUnits),
    headloss: raw.options.get('HEADLOSS')?.value.toUpperCase() ?? null,
    raw: rawOptions,
  };
}

export function finalizeModel(ctx: InpContext, raw: RawInp): InpModel {
  const options = readOptions(ctx, raw);
  const u = unitConverter(options.flowUnits);
  const vertices: Record<string, InpPoint[]> = {};
  for (const v of raw.vertices) (vertices[v.linkId] ??= []).push({ x: v.x, y: v.y });
  const otherSections: Record<string, string[]> = {};
  for (const [name, lines] of raw.otherSections) otherSections[name] = lines;
  return {
    title: raw.title,
    options,
    junctions: raw.junctions.map((j) => ({
      id: j.id,
      elevationM: u.lengthM(j.elevation),
      baseDemand: j.demand,
      baseDemandLps: u.flowLps(j.demand),
      patternId: j.patternId,
    })),
    reservoirs: raw.reservoirs.map((r) => ({ id: r.id, headM: u.lengthM(r.head), patternId: r.patternId })),
    tanks: raw.tanks.map((t) => ({
      id: t.id,
      elevationM: u.lengthM(t.elevation),
      initLevelM: u.lengthM(t.initLevel),
      minLevelM: u.lengthM(t.minLevel),
      maxLevelM: u.lengthM(t.maxLevel),
      diameterM: u.tankDiameterM(t.diameter),
      minVolumeM3: u.volumeM3(t.minVolume),
      volumeCurveId: t.volumeCurveId,
    })),
    pipes: raw.pipes.map((p) => ({
      id: p.id,
      node1: p.node1,
      node2: p.node2,
      lengthM: u.lengthM(p.length),
      diameterMm: u.diameterMm(p.diameter),
      roughness: p.roughness,
      minorLoss: p.minorLoss,
      status: p.status,
    })),
    pumps: raw.pumps.map((p) => ({
      id: p.id,
      node1: p.node1,
      node2: p.node2,
      headCurveId: p.headCurveId,
      powerKw: p.power === null ? null : u.powerKw(p.power),
      speed: p.speed,
      patternId: p.patternId,
    })),
    valves: raw.valves.map((v) => ({
      id: v.id,
      node1: v.node1,
      node2: v.node2,
      diameterMm: u.diameterMm(v.diameter),
      type: v.type,
      setting: v.setting,
      curveId: v.curveId,
      minorLoss: v.minorLoss,
    })),
    demands: raw.demands.map((d) => ({
      junctionId: d.junctionId,
      baseDemand: d.demand,
      baseDemandLps: u.flowLps(d.demand),
      patternId: d.patternId,
      category: d.category,
    })),
    status: raw.status.map((s) => ({ linkId: s.linkId, status: s.status, setting: s.setting })),
    coordinates: raw.coordinates.map((c) => ({ nodeId: c.nodeId, x: c.x, y: c.y })),
    vertices,
    tags: raw.tags.map((t) => ({ kind: t.kind, id: t.id, tag: t.tag })),
    otherSections,
  };
}
