// Readers for the node sections: [JUNCTIONS], [RESERVOIRS], [TANKS], [DEMANDS], [COORDINATES]
// (field orders from the EPANET 2.2 manual, appendix C).
import { type InpContext, optionalId } from './inp-context.ts';
import type { RawInp } from './inp-raw.ts';

export function readJunction(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 2, 4, ['id', 'elevation', 'demand', 'pattern'])) return;
  const elevation = ctx.num(f, 1, 'elevation');
  const demand = ctx.num(f, 2, 'demand', 0);
  if (elevation === null || demand === null) return;
  raw.junctions.push({ line: ctx.line, id: f[0]!, elevation, demand, patternId: optionalId(f[3]) });
}

export function readReservoir(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 2, 3, ['id', 'head', 'pattern'])) return;
  const head = ctx.num(f, 1, 'head');
  if (head === null) return;
  raw.reservoirs.push({ line: ctx.line, id: f[0]!, head, patternId: optionalId(f[2]) });
}

const TANK_FIELDS = [
  'id',
  'elevation',
  'initLevel',
  'minLevel',
  'maxLevel',
  'diameter',
  'minVolume',
  'volumeCurve',
  'overflow',
];

export function readTank(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (f.length <= 3) return readFixedHeadTank(f, ctx, raw);
  if (!ctx.count(f, 7, 9, TANK_FIELDS)) return;
  const values = [1, 2, 3, 4, 5, 6].map((i) => ctx.num(f, i, TANK_FIELDS[i]!));
  const [elevation, initLevel, minLevel, maxLevel, diameter, minVolume] = values;
  if (values.some((v) => v === null)) return;
  raw.tanks.push({
    line: ctx.line,
    id: f[0]!,
    elevation: elevation!,
    initLevel: initLevel!,
    minLevel: minLevel!,
    maxLevel: maxLevel!,
    diameter: diameter!,
    minVolume: minVolume!,
    volumeCurveId: optionalId(f[7]),
  });
}

// EPANET's tank reader takes a line with only an elevation (and pattern) as a fixed-head tank, i.e. a
// reservoir (input3.c, tankdata); old files such as wolf-initial-fig.inp use it. Kept as a tank of diameter 0.
function readFixedHeadTank(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 2, 3, TANK_FIELDS)) return;
  const elevation = ctx.num(f, 1, 'elevation');
  if (elevation === null) return;
  raw.tanks.push({
    line: ctx.line,
    id: f[0]!,
    elevation,
    initLevel: 0,
    minLevel: 0,
    maxLevel: 0,
    diameter: 0,
    minVolume: 0,
    volumeCurveId: null,
  });
}

export function readDemand(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 2, 4, ['junction', 'demand', 'pattern', 'category'])) return;
  const demand = ctx.num(f, 1, 'demand');
  if (demand === null) return;
  raw.demands.push({
    line: ctx.line,
    junctionId: f[0]!,
    demand,
    patternId: optionalId(f[2]),
    category: f[3] ?? null,
  });
}

export function readCoordinate(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 3, 3, ['node', 'x', 'y'])) return;
  const x = ctx.num(f, 1, 'x');
  const y = ctx.num(f, 2, 'y');
  if (x === null || y === null) return;
  raw.coordinates.push({ line: ctx.line, nodeId: f[0]!, x, y });
}
