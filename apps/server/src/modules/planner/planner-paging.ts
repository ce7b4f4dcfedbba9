// Paged planner lists (spec 001 §2, §7, §9; PLAN-LIST-01..03, PLAN-API-02/03): `page`, `per_page` (default 5) and
// `sort[]=-id` (the spec's form; `sort=-id` too, one or several), newest first by default.
import { PLANNER_PAGE_SIZE, idParam, type PageMeta } from '@pipewise/domain';
import { z } from 'zod';

export interface ListQuery<K extends string> {
  datasetId: number;
  page: number;
  perPage: number;
  sort: { key: K; desc: boolean }[];
}

/** The querystring schema of a list sortable by the given keys, each ascending or, with '-', descending. */
export function listQuerySchema<const K extends string>(keys: readonly [K, ...K[]]) {
  const values = keys.flatMap((k) => [k, `-${k}`]) as [string, ...string[]];
  const sortParam = z
    .union([z.enum(values), z.array(z.enum(values))])
    .optional()
    .describe(`One or more of ${values.join(', ')}; default -id (newest first)`);
  return z.object({
    dataset_id: idParam,
    page: z.coerce.number().int().positive().default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(PLANNER_PAGE_SIZE),
    'sort[]': sortParam,
    sort: sortParam,
  });
}

export function toListQuery<K extends string>(q: {
  dataset_id: number;
  page: number;
  per_page: number;
  'sort[]'?: string | string[] | undefined;
  sort?: string | string[] | undefined;
}): ListQuery<K> {
  const raw = [q['sort[]'] ?? [], q.sort ?? []].flat();
  const sort = (raw.length ? raw : ['-id']).map((s) => ({
    key: s.replace(/^-/, '') as K,
    desc: s.startsWith('-'),
  }));
  return { datasetId: q.dataset_id, page: q.page, perPage: q.per_page, sort };
}

export const pageMeta = (q: { page: number; perPage: number }, total: number): PageMeta => ({
  page: q.page,
  per_page: q.perPage,
  total_results: total,
  total_pages: Math.ceil(total / q.perPage),
});
