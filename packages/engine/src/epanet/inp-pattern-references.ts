// Patterns and curves named by rows must exist (EPANET 2.2 errors 205 "undefined time pattern" and 206
// "undefined curve"). [PATTERNS] and [CURVES] are kept as raw lines; only their ids are needed here.
import type { InpContext } from './inp-context.ts';
import type { RawInp } from './inp-raw.ts';
import { fieldsOf } from './line.ts';

function idsOf(lines: readonly string[] | undefined): Set<string> {
  const ids = new Set<string>();
  for (const line of lines ?? []) {
    const id = fieldsOf(line)[0];
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

export function checkPatternsAndCurves(ctx: InpContext, raw: RawInp): void {
  const patterns = idsOf(raw.otherSections.get('PATTERNS'));
  const curves = idsOf(raw.otherSections.get('CURVES'));
  const pattern = (id: string | null, line: number, section: string) => {
    if (id !== null && !patterns.has(id)) ctx.error('pattern', `unknown pattern '${id}'`, line, section);
  };
  const curve = (id: string | null, line: number, section: string, field: string) => {
    if (id !== null && !curves.has(id)) ctx.error(field, `unknown curve '${id}'`, line, section);
  };
  for (const j of raw.junctions) pattern(j.patternId, j.line, 'JUNCTIONS');
  for (const r of raw.reservoirs) pattern(r.patternId, r.line, 'RESERVOIRS');
  for (const d of raw.demands) pattern(d.patternId, d.line, 'DEMANDS');
  for (const t of raw.tanks) curve(t.volumeCurveId, t.line, 'TANKS', 'volumeCurve');
  for (const p of raw.pumps) {
    pattern(p.patternId, p.line, 'PUMPS');
    curve(p.headCurveId, p.line, 'PUMPS', 'HEAD');
  }
  for (const v of raw.valves) curve(v.curveId, v.line, 'VALVES', 'setting');
}
