// Bridges VIS segments and the EPANET model for hydraulic COF: one closure per segment (its pipes and any
// pumps/control valves inside it, by EPANET link id), and the results keyed back by segment id.
import type { VisAnalysis } from '../vis/analysis.ts';
import type { Closure, ClosureAnalysis } from './hydraulic.ts';
import type { SegmentOutages } from './outage.ts';

/** `epanetLinkIds` maps a topology link id to its EPANET id when they differ (e.g. map id → native id). */
export function segmentClosures(
  vis: VisAnalysis,
  epanetLinkIds: Readonly<Record<string, string>> = {},
): Closure[] {
  return vis.segments.map((s) => ({
    key: String(s.id),
    linkIds: [...s.pipeIds, ...s.otherLinkIds].map((id) => epanetLinkIds[id] ?? id),
  }));
}

export function segmentOutages(analysis: ClosureAnalysis): SegmentOutages {
  const out = new Map<number, readonly string[]>();
  for (const [key, result] of analysis.results) out.set(Number(key), result.junctionsWithoutWater);
  return out;
}
