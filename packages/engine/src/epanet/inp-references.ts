// Cross-row checks that can only run once the whole file is read: unique ids and references.
// EPANET 2.2 error codes in brackets: 215 duplicate id, 203 undefined node, 204 undefined link, 222 same ends.
import type { InpContext } from './inp-context.ts';
import type { RawInp } from './inp-raw.ts';

interface Row {
  readonly id: string;
  readonly line: number;
}

function indexIds(ctx: InpContext, section: string, rows: readonly Row[], seen: Map<string, number>): void {
  for (const row of rows) {
    const first = seen.get(row.id);
    if (first === undefined) seen.set(row.id, row.line);
    else ctx.error('id', `duplicate id '${row.id}' (first defined on line ${first})`, row.line, section);
  }
}

export function checkReferences(ctx: InpContext, raw: RawInp): void {
  const rejected = raw.rejectedIds;
  const nodes = new Map<string, number>();
  indexIds(ctx, 'JUNCTIONS', raw.junctions, nodes);
  indexIds(ctx, 'RESERVOIRS', raw.reservoirs, nodes);
  indexIds(ctx, 'TANKS', raw.tanks, nodes);
  const links = new Map<string, number>();
  const linkSections = [
    ['PIPES', raw.pipes],
    ['PUMPS', raw.pumps],
    ['VALVES', raw.valves],
  ] as const;
  for (const [section, rows] of linkSections) {
    indexIds(ctx, section, rows, links);
    for (const link of rows) {
      if (!nodes.has(link.node1) && !rejected.has(link.node1))
        ctx.error('node1', `unknown node '${link.node1}'`, link.line, section);
      if (!nodes.has(link.node2) && !rejected.has(link.node2))
        ctx.error('node2', `unknown node '${link.node2}'`, link.line, section);
      if (link.node1 === link.node2) {
        ctx.error('node2', `link '${link.id}' starts and ends at node '${link.node1}'`, link.line, section);
      }
    }
  }
  const junctions = new Set(raw.junctions.map((j) => j.id));
  for (const d of raw.demands) {
    if (!junctions.has(d.junctionId) && !rejected.has(d.junctionId))
      ctx.error('junction', `unknown junction '${d.junctionId}'`, d.line, 'DEMANDS');
  }
  for (const s of raw.status) {
    if (!links.has(s.linkId) && !rejected.has(s.linkId))
      ctx.error('link', `unknown link '${s.linkId}'`, s.line, 'STATUS');
  }
  for (const c of raw.coordinates) {
    if (!nodes.has(c.nodeId) && !rejected.has(c.nodeId))
      ctx.error('node', `unknown node '${c.nodeId}'`, c.line, 'COORDINATES');
  }
  for (const v of raw.vertices) {
    if (!links.has(v.linkId) && !rejected.has(v.linkId))
      ctx.error('link', `unknown link '${v.linkId}'`, v.line, 'VERTICES');
  }
  for (const t of raw.tags) {
    const known = t.kind === 'NODE' ? nodes : links;
    if (!known.has(t.id) && !rejected.has(t.id))
      ctx.error('id', `unknown ${t.kind.toLowerCase()} '${t.id}'`, t.line, 'TAGS');
  }
}
