// Size and count limits of saved filters (issue 18: a 5,000-level nested filter answered 500): each refusal is a
// 400 or 409 whose message says which limit was passed (modules/saved-filters/saved-filter-limits.ts).
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withSystem } from '../src/db/database.ts';
import { SAVED_FILTER_LIMITS } from '../src/modules/saved-filters/saved-filter-limits.ts';
import { buildAnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, WORKER, type Harness } from './helpers/harness.ts';

const post = async (h: Harness, body: unknown) =>
  h.request({
    method: 'POST',
    url: '/api/saved-filters',
    token: await h.token(WORKER),
    // As text: nesting this deep overflows the test client's own JSON.stringify.
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

/** A legacy (free JSON) filter nested `levels` deep, `filters` itself counting as the first level. */
const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}1${'}'.repeat(levels - 1)}`;

forEachBackend('saved filter limits', (h) => {
  let groupId: number;
  const saved = (filters: string) =>
    `{"snapshot_id":${groupId},"name":"Big","lof_type":"rank","filters":${filters}}`;

  beforeAll(async () => {
    groupId = (await buildAnalysisFixture(h.database.db, { clientId: 1, analysis: false })).groupId;
  });

  it('refuses a filter nested 5,000 levels deep with 400, not 500', async () => {
    const res = await post(h, saved(nested(5000)));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('says how deep a filter may nest', async () => {
    expect((await post(h, saved(nested(SAVED_FILTER_LIMITS.depth)))).statusCode).toBe(201);
    const res = await post(h, saved(nested(SAVED_FILTER_LIMITS.depth + 1)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: `The saved filter is too large: it nests 13 levels deep, at most 12 are allowed.`,
      fields: [{ field: 'filters', rule: 'max', message: 'validations.max' }],
    });
  });

  it('says how many values and bytes a filter may hold', async () => {
    const points = Array.from({ length: 7000 }, (_, i) => [139 + i / 1e4, 37.4]);
    const many = {
      active_pipe_layer_group: 'pipes',
      scalar_type: [],
      slider_type: [],
      boundary_type: [{ layer_group: 'pipes', polygons: [points] }],
    };
    const values = await post(h, saved(JSON.stringify(many)));
    expect(values.statusCode).toBe(400);
    expect(values.json().message).toBe(
      'The saved filter is too large: it holds 21,009 values, at most 20,000.',
    );
    const wide = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, 'x'.repeat(1000)]));
    const bytes = await post(h, saved(JSON.stringify(wide)));
    expect(bytes.statusCode).toBe(400);
    expect(bytes.json().message).toMatch(
      /^The saved filter is too large: it takes \d+ KB, at most 256 KB\.$/,
    );
  });

  it('refuses a filter past the per-user count with 409, and still lets the user change one', async () => {
    const [first] = await withSystem(h.database.db, async (tx) => {
      const user = await tx.execute(sql`SELECT id FROM users WHERE email = ${WORKER}`);
      const userId = Number(user.rows[0]!['id']);
      const have = await tx.execute(
        sql`SELECT count(*)::int AS n FROM saved_filters WHERE user_id = ${userId}`,
      );
      const missing = SAVED_FILTER_LIMITS.perUser - Number(have.rows[0]!['n']);
      return (
        await tx.execute(sql`
          INSERT INTO saved_filters (client_id, user_id, snapshot_id, name, filters, lof_type)
          SELECT 1, ${userId}, ${groupId}, 'f' || n, '{}'::jsonb, 'rank' FROM generate_series(1, ${missing}) n
          RETURNING id`)
      ).rows.map((r) => Number(r['id']));
    });
    const res = await post(h, saved('{}'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'You already keep 200 saved filters, the most one user may keep; delete some before saving another.',
    });
    const patch = await h.request({
      method: 'PATCH',
      url: `/api/saved-filters/${first}`,
      token: await h.token(WORKER),
      body: { name: 'Renamed' },
    });
    expect(patch.statusCode).toBe(200);
  });
});
