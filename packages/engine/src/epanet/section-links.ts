// Readers for the link sections: [PIPES], [PUMPS], [VALVES], [STATUS], [VERTICES] (EPANET 2.2 manual, appendix C).
import type { InpContext } from './inp-context.ts';
import type { RawInp } from './inp-raw.ts';
import type { PipeStatus, ValveType } from './inp-types.ts';
import { parseNumber } from './line.ts';

const PIPE_FIELDS = ['id', 'node1', 'node2', 'length', 'diameter', 'roughness', 'minorLoss', 'status'];
const PIPE_STATUS: readonly string[] = ['OPEN', 'CLOSED', 'CV'];

export function readPipe(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 6, 8, PIPE_FIELDS)) return;
  // EPANET accepts a status in place of the minor loss when the loss is omitted.
  const statusShifted = f.length === 7 && PIPE_STATUS.includes(f[6]!.toUpperCase());
  const length = ctx.num(f, 3, 'length');
  const diameter = ctx.num(f, 4, 'diameter');
  const roughness = ctx.num(f, 5, 'roughness');
  const minorLoss = statusShifted ? 0 : ctx.num(f, 6, 'minorLoss', 0);
  const statusField = (statusShifted ? f[6] : f[7])?.toUpperCase() ?? 'OPEN';
  if (!PIPE_STATUS.includes(statusField)) {
    ctx.error('status', `status must be OPEN, CLOSED or CV, got '${statusField}'`);
    return;
  }
  if (length === null || diameter === null || roughness === null || minorLoss === null) return;
  if (length <= 0) ctx.error('length', `length must be positive, got ${length}`);
  if (diameter <= 0) ctx.error('diameter', `diameter must be positive, got ${diameter}`);
  raw.pipes.push({
    line: ctx.line,
    id: f[0]!,
    node1: f[1]!,
    node2: f[2]!,
    length,
    diameter,
    roughness,
    minorLoss,
    status: statusField as PipeStatus,
  });
}

export function readPump(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 4, 11, ['id', 'node1', 'node2', 'keyword'])) return;
  if (parseNumber(f[3]!) !== null) {
    // EPANET 1.x wrote pump curve points inline (`id n1 n2 h0 h1 q1 h2 q2`); 2.x rejects it with error 201.
    ctx.error('keyword', `old EPANET 1.x pump syntax: expected HEAD, POWER, SPEED or PATTERN, got '${f[3]}'`);
    return;
  }
  const pump = { headCurveId: null as string | null, power: null as number | null };
  let speed: number | null = null;
  let patternId: string | null = null;
  for (let i = 3; i < f.length; i += 2) {
    const keyword = f[i]!.toUpperCase();
    const value = f[i + 1];
    if (value === undefined) return ctx.error(keyword, `missing value after ${keyword}`);
    if (keyword === 'HEAD') pump.headCurveId = value;
    else if (keyword === 'PATTERN') patternId = value;
    else if (keyword === 'POWER') pump.power = ctx.num(f, i + 1, 'POWER');
    else if (keyword === 'SPEED') speed = ctx.num(f, i + 1, 'SPEED');
    else return ctx.error('keyword', `unknown pump keyword '${f[i]}' (HEAD, POWER, SPEED or PATTERN)`);
  }
  if (pump.headCurveId === null && pump.power === null) {
    return ctx.error('keyword', 'a pump needs a HEAD curve or a POWER value');
  }
  raw.pumps.push({ line: ctx.line, id: f[0]!, node1: f[1]!, node2: f[2]!, ...pump, speed, patternId });
}

const VALVE_TYPES: readonly string[] = ['PRV', 'PSV', 'PBV', 'FCV', 'TCV', 'GPV'];

export function readValve(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 6, 7, ['id', 'node1', 'node2', 'diameter', 'type', 'setting', 'minorLoss'])) return;
  const type = f[4]!.toUpperCase();
  if (!VALVE_TYPES.includes(type)) {
    return ctx.error('type', `valve type must be one of ${VALVE_TYPES.join(', ')}, got '${f[4]}'`);
  }
  const diameter = ctx.num(f, 3, 'diameter');
  // A general purpose valve's "setting" is the id of its head-loss curve (manual §C, VALVES).
  const setting = type === 'GPV' ? 0 : ctx.num(f, 5, 'setting');
  const minorLoss = ctx.num(f, 6, 'minorLoss', 0);
  if (diameter === null || setting === null || minorLoss === null) return;
  raw.valves.push({
    line: ctx.line,
    id: f[0]!,
    node1: f[1]!,
    node2: f[2]!,
    diameter,
    type: type as ValveType,
    setting: type === 'GPV' ? null : setting,
    curveId: type === 'GPV' ? f[5]! : null,
    minorLoss,
  });
}

export function readStatus(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 2, 2, ['link', 'status'])) return;
  const word = f[1]!.toUpperCase();
  if (word === 'OPEN' || word === 'CLOSED' || word === 'ACTIVE') {
    raw.status.push({ line: ctx.line, linkId: f[0]!, status: word, setting: null });
    return;
  }
  const setting = parseNumber(f[1]!);
  if (setting === null)
    return ctx.error('status', `status must be OPEN, CLOSED, ACTIVE or a setting, got '${f[1]}'`);
  raw.status.push({ line: ctx.line, linkId: f[0]!, status: null, setting });
}

export function readVertex(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 3, 3, ['link', 'x', 'y'])) return;
  const x = ctx.num(f, 1, 'x');
  const y = ctx.num(f, 2, 'y');
  if (x === null || y === null) return;
  raw.vertices.push({ line: ctx.line, linkId: f[0]!, x, y });
}
