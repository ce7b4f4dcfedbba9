// A break's affected pipes and valves (001 §3 COF details affectedPipes / affectedValves). In every calculation
// mode the crew isolates the broken pipe's valve isolation segment (packages/engine vis/pipe-isolation.ts), so
// they are the segment's pipes and the valves it closes: read from the stored segment, not kept per pipe (a copy
// per pipe grows with the square of a segment; a valveless network is one segment of every pipe).
import type { Db } from '../../db/database.ts';
import type { AffectedAssets } from './asset-view.ts';
import { valveRefs } from './assets.repository.ts';
import { SEGMENT_PIPE_LIST_LIMIT, segmentPipes } from './results.repository.ts';

export interface SegmentOfPipe {
  /** Null for a pipe outside the network (abandoned): nothing is affected. */
  segmentId: number | null;
  pipes: number | null;
  valvesToClose: number[] | null;
}

const NONE: AffectedAssets = { pipes: [], pipesTotal: 0, valves: [] };

export async function affectedAssets(
  tx: Db,
  q: { datasetId: number; analysisId: number },
  segment: SegmentOfPipe | null,
): Promise<AffectedAssets> {
  if (segment === null || segment.segmentId === null) return NONE;
  const list = await segmentPipes(tx, { ...q, segmentId: segment.segmentId, limit: SEGMENT_PIPE_LIST_LIMIT });
  return {
    pipes: list.pipes,
    pipesTotal: segment.pipes ?? list.pipes.length,
    valves: await valveRefs(tx, q.datasetId, segment.valvesToClose),
  };
}
