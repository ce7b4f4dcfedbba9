// Repository tier against real PGlite and PostgreSQL: the pipes of a valve isolation segment.
import { beforeAll, expect, it } from 'vitest';
import { buildAnalysisFixture, type AnalysisFixture } from '../../../test/helpers/analysis-fixture.ts';
import { forEachBackend } from '../../../test/helpers/harness.ts';
import { withTenant } from '../../db/database.ts';
import { segmentPipes } from './results.repository.ts';

forEachBackend('results repository', (h) => {
  let us: AnalysisFixture;
  let jp: AnalysisFixture;
  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
  });

  const list = (clientId: number, f: AnalysisFixture, segmentId: number, limit: number) =>
    withTenant(h.database.db, clientId, (tx) =>
      segmentPipes(tx, { datasetId: f.datasetId, analysisId: f.analysisId!, segmentId, limit }),
    );

  it("lists a segment's pipes by id, cut at the limit with the cut said", async () => {
    expect(await list(1, us, 1, 500)).toEqual({
      pipes: [
        { id: us.pipes['P10'], native_id: 'P10' },
        { id: us.pipes['Q1'], native_id: 'Q1' },
      ],
      truncated: false,
    });
    // Exactly at the limit is not cut; one under is.
    expect((await list(1, us, 0, 2)).truncated).toBe(false);
    expect(await list(1, us, 0, 1)).toEqual({
      pipes: [{ id: us.pipes['P1'], native_id: 'P1' }],
      truncated: true,
    });
    expect(await list(1, us, 7, 500)).toEqual({ pipes: [], truncated: false });
  });

  it("finds nothing of another client's analysis", async () => {
    expect(await list(1, jp, 0, 500)).toEqual({ pipes: [], truncated: false });
    expect((await list(2, jp, 0, 500)).pipes.map((p) => p.native_id)).toEqual(['P1', 'P2']);
  });
});
