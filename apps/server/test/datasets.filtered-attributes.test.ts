// GET /api/filtered_attributes/{datasetId} (IO-EXP-05) on both backends: the fixture's four pipes summarised by
// attribute — numeric ranges with unknowns, categories with pipes and length, the source columns kept — and another
// client's dataset a 404, as an unknown one.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { filteredAttributesSchema } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, JP_ADMIN, VIEWER } from './helpers/harness.ts';

forEachBackend('filtered attributes', (h) => {
  let us: AnalysisFixture;
  let jp: AnalysisFixture;
  const get = async (id: number, email = VIEWER) =>
    h.request({ url: `/api/filtered_attributes/${id}`, token: await h.token(email) });

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE pipes SET road_type = 'arterial',
        attrs = CASE native_pipe_id WHEN 'P1' THEN '{"SOIL":"clay","CLASS":""}'::jsonb
                                    WHEN 'P10' THEN '{"SOIL":"sand"}'::jsonb ELSE '{}'::jsonb END
        WHERE dataset_id = ${us.datasetId} AND native_pipe_id IN ('P1', 'P10')`),
    );
  });

  it('summarises every attribute a filter can use, with what is unknown and the source columns kept', async () => {
    const res = await get(us.datasetId);
    expect(res.statusCode, res.body).toBe(200);
    const body = filteredAttributesSchema.parse(res.json());
    expect(body).toMatchObject({ dataset_id: us.datasetId, pipes: 4, length_m: 361 });
    const by = Object.fromEntries(body.attributes.map((a) => [a.key, a]));
    expect(by['diameter_mm']).toEqual({ key: 'diameter_mm', kind: 'number', min: 150, max: 300, unknown: 1 });
    expect(by['install_year']).toEqual({
      key: 'install_year',
      kind: 'number',
      min: 1970,
      max: 2001,
      unknown: 1,
    });
    expect(by['length_m']).toMatchObject({ min: 88, max: 92, unknown: 0 });
    expect(by['break_count']).toMatchObject({ max: 2 });
    expect(by['material_type_code']).toEqual({
      key: 'material_type_code',
      kind: 'category',
      values: [
        { value: 0, pipes: 1, length_m: 88 },
        { value: 2, pipes: 1, length_m: 91 },
        { value: 8, pipes: 1, length_m: 90 },
        { value: 9, pipes: 1, length_m: 92 },
      ],
      unknown: 0,
    });
    expect(by['road_type']).toMatchObject({
      values: [{ value: 'arterial', pipes: 2, length_m: 179 }],
      unknown: 2,
    });
    // An empty string is no value: CLASS is not offered.
    expect(body.source_columns).toEqual([{ name: 'SOIL', pipes: 2 }]);
  });

  it("answers 404 for another client's dataset and an unknown one, 400 for a bad id", async () => {
    expect((await get(jp.datasetId)).statusCode).toBe(404);
    expect((await get(us.datasetId, JP_ADMIN)).statusCode).toBe(404);
    expect((await get(999_999)).statusCode).toBe(404);
    expect(
      (await h.request({ url: '/api/filtered_attributes/x', token: await h.token(VIEWER) })).statusCode,
    ).toBe(400);
  });
});
